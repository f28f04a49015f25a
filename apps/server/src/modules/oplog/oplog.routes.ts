import { type OplogQuery, oplogQuery, PERM, UserType } from '@netbar/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BadInputError } from '../../lib/errors.ts';
import { ok } from '../../lib/reply.ts';
import { scopeOf } from '../../tenant/index.ts';
import type { Scope } from '../../types.ts';
import { listOplog } from './oplog.repo.ts';
import { oplogWorkbook } from './oplog-export.ts';

const TAGS = ['操作日志'];
export const EXPORT_MAX_ROWS = 50_000;

/** Operation log pages (/user/operate_log, get_admin_log), their xlsx exports (the retention purge is jobs/oplog-retention.ts). */
export async function oplogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  async function exportXlsx(scope: Scope, q: OplogQuery, reply: FastifyReply) {
    const { list, count } = await listOplog(db, scope, q, EXPORT_MAX_ROWS, 0);
    if (count > EXPORT_MAX_ROWS) throw new BadInputError('导出数据超过5万条，请缩小日期范围后再导出');
    const buf = await oplogWorkbook(list, count);
    const name = encodeURIComponent(`操作日志-${new Date().toISOString().slice(0, 10)}.xlsx`);
    reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="operate_log.xlsx"; filename*=UTF-8''${name}`);
    return reply.send(buf);
  }

  const own = { perms: [PERM.OPERATE_LOG] };
  const admin = { types: [UserType.Admin] };
  r.get(
    '/get_operate_log',
    {
      schema: { summary: '本账号（本代理商、本网吧门店）的操作日志', tags: TAGS, querystring: oplogQuery },
      config: { auth: own },
    },
    async (req) =>
      ok({
        ...(await listOplog(db, scopeOf(req), req.query)),
        page: req.query.page,
        page_size: req.query.page_size,
      }),
  );
  r.get(
    '/operate_log_export',
    {
      schema: { summary: '导出操作日志（xlsx，与页面筛选一致）', tags: TAGS, querystring: oplogQuery },
      config: { auth: own },
    },
    async (req, reply) => exportXlsx(scopeOf(req), req.query, reply),
  );
  r.get(
    '/get_admin_log',
    {
      schema: { summary: '平台全部操作日志（内部管理员）', tags: TAGS, querystring: oplogQuery },
      config: { auth: admin },
    },
    async (req) =>
      ok({
        ...(await listOplog(db, scopeOf(req), req.query)),
        page: req.query.page,
        page_size: req.query.page_size,
      }),
  );
  r.get(
    '/admin_log_export',
    {
      schema: { summary: '导出平台操作日志（xlsx，内部管理员）', tags: TAGS, querystring: oplogQuery },
      config: { auth: admin },
    },
    async (req, reply) => exportXlsx(scopeOf(req), req.query, reply),
  );
}
