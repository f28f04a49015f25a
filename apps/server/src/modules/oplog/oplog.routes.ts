import { type OplogQuery, oplogQuery, PERM, shanghaiDate, UserType } from '@netbar/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { streamXlsx } from '../../lib/xlsx-stream.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { scopeOf } from '../../tenant/index.ts';
import { listOplog, oplogCountUpTo, oplogRows } from './oplog.repo.ts';
import { OPLOG_COLUMNS } from './oplog-export.ts';

const TAGS = ['操作日志'];
export const EXPORT_MAX_ROWS = 50_000;

/** Operation log pages (/user/operate_log, get_admin_log), their xlsx exports (the retention purge is jobs/oplog-retention.ts). */
export async function oplogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, readDb } = app.deps;

  // the export reads the replica (decision 201): the log it lists was written before the click
  async function exportXlsx(scope: TenantScope, q: OplogQuery, reply: FastifyReply) {
    const { page: _p, page_size: _s, after: _a, ...f } = q;
    return streamXlsx(reply, {
      filename: `操作日志-${shanghaiDate()}.xlsx`,
      sheet: '操作日志',
      columns: OPLOG_COLUMNS,
      rows: oplogRows(readDb, scope, f),
      cap: EXPORT_MAX_ROWS,
      count: () => oplogCountUpTo(readDb, scope, f, EXPORT_MAX_ROWS),
      totalLabel: (n) => `合计 ${n} 条`,
    });
  }

  const own = { perms: [PERM.OPERATE_LOG] };
  const admin = { types: [UserType.Admin] };
  r.get(
    '/get_operate_log',
    {
      schema: { summary: '本账号（本代理商、本网吧门店）的操作日志', tags: TAGS, querystring: oplogQuery },
      config: { auth: own },
    },
    async (req) => ok(pager(req.query, await listOplog(db, scopeOf(req), req.query))),
  );
  r.get(
    '/operate_log_export',
    {
      compress: false,
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
    async (req) => ok(pager(req.query, await listOplog(db, scopeOf(req), req.query))),
  );
  r.get(
    '/admin_log_export',
    {
      compress: false,
      schema: { summary: '导出平台操作日志（xlsx，内部管理员）', tags: TAGS, querystring: oplogQuery },
      config: { auth: admin },
    },
    async (req, reply) => exportXlsx(scopeOf(req), req.query, reply),
  );
}
