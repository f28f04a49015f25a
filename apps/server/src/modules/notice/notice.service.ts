import type { NoticeSaveBody } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { PageQuery } from '../../lib/paging.ts';
import type { AuthContext } from '../../types.ts';
import * as repo from './notice.repo.ts';

const NOT_FOUND = '公告不存在';

export function createNoticeService(db: Db) {
  return {
    list: (a: AuthContext, q: PageQuery) => repo.listForUser(db, { id: a.userId, type: a.type }, q),

    /** Opening a notice marks it read. */
    async detail(a: AuthContext, id: number) {
      const n = await repo.findVisible(db, id, a.type);
      if (!n) throw new NotFoundError(NOT_FOUND);
      await repo.markRead(db, id, a.userId);
      return n;
    },

    unread: (a: AuthContext) => repo.unreadCount(db, { id: a.userId, type: a.type }),

    adminList: (q: PageQuery) => repo.adminList(db, q),

    /** A new notice is a draft; only a draft can be edited. */
    async save(a: AuthContext, b: NoticeSaveBody) {
      if (!b.id)
        return repo.insertNotice(db, {
          title: b.title,
          content: b.content,
          userTypes: b.user_types,
          createdBy: a.userId,
        });
      const n = await repo.findById(db, b.id);
      if (!n) throw new NotFoundError(NOT_FOUND);
      if (n.status !== 'draft') throw new ConflictError('已发布或已撤回的公告不能修改');
      await repo.updateNotice(db, b.id, { title: b.title, content: b.content, userTypes: b.user_types });
      return b.id;
    },

    async publish(id: number) {
      const n = await repo.findById(db, id);
      if (!n) throw new NotFoundError(NOT_FOUND);
      if (n.status === 'published') throw new ConflictError('公告已发布');
      await repo.updateNotice(db, id, { status: 'published', publishTime: new Date() });
    },

    async withdraw(id: number) {
      const n = await repo.findById(db, id);
      if (!n) throw new NotFoundError(NOT_FOUND);
      if (n.status !== 'published') throw new ConflictError('只有已发布的公告可以撤回');
      await repo.updateNotice(db, id, { status: 'withdrawn' });
    },
  };
}
