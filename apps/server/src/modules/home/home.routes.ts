import type { FastifyInstance } from 'fastify';
import { ok } from '../../lib/reply.ts';
import { authOf } from '../../tenant/index.ts';
import { unreadCount } from '../notice/notice.repo.ts';
import { homeCardProviders } from './home.cards.ts';

export async function homeRoutes(app: FastifyInstance) {
  app.get(
    '/home_stats',
    { schema: { summary: '首页数据卡片（按用户类型）', tags: ['首页'] } },
    async (req) => {
      const a = authOf(req);
      const groups = await Promise.all(homeCardProviders.map((p) => p(app.deps.db, a)));
      const unread = await unreadCount(app.deps.db, { id: a.userId, type: a.type });
      return ok({
        cards: [...groups.flat(), { key: 'unread_notices', title: '未读公告', value: unread, unit: '条' }],
      });
    },
  );
}
