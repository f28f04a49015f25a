import { idParam, noticeIdBody, noticeSaveBody, PERM, pageQuery, UserType } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { authOf } from '../../tenant/index.ts';
import { createNoticeService } from './notice.service.ts';

const TAGS = ['消息中心'];
const ADMIN = { types: [UserType.Admin], perms: [PERM.NOTICE_ADMIN] } as const;

export async function noticeRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = createNoticeService(app.deps.db);

  r.get(
    '/notice_list',
    { schema: { summary: '公告列表（发给我所属用户类型的已发布公告）', tags: TAGS, querystring: pageQuery } },
    async (req) => ok(pager(req.query, await svc.list(authOf(req), req.query))),
  );

  r.get(
    '/notice_detail',
    {
      schema: { summary: '公告详情（打开即标记为已读）', tags: TAGS, querystring: z.object({ id: idParam }) },
    },
    async (req) => ok(await svc.detail(authOf(req), req.query.id)),
  );

  r.get('/notice_unread_count', { schema: { summary: '未读公告数', tags: TAGS } }, async (req) =>
    ok({ count: await svc.unread(authOf(req)) }),
  );

  r.get(
    '/admin_notice_list',
    {
      schema: { summary: '公告管理：全部公告', tags: TAGS, querystring: pageQuery },
      config: { auth: ADMIN },
    },
    async (req) => ok(pager(req.query, await svc.adminList(req.query))),
  );

  r.post(
    '/admin_notice_save',
    {
      schema: { summary: '公告管理：新建或修改草稿', tags: TAGS, body: noticeSaveBody },
      config: { auth: ADMIN },
    },
    async (req) => ok({ id: await svc.save(authOf(req), req.body) }, '保存成功'),
  );

  r.post(
    '/admin_notice_publish',
    { schema: { summary: '公告管理：发布公告', tags: TAGS, body: noticeIdBody }, config: { auth: ADMIN } },
    async (req) => {
      await svc.publish(req.body.id);
      return ok(null, '发布成功');
    },
  );

  r.post(
    '/admin_notice_withdraw',
    { schema: { summary: '公告管理：撤回公告', tags: TAGS, body: noticeIdBody }, config: { auth: ADMIN } },
    async (req) => {
      await svc.withdraw(req.body.id);
      return ok(null, '撤回成功');
    },
  );
}
