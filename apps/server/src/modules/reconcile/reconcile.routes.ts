import {
  DIFF_KIND_LABELS,
  LINE_KIND_LABELS,
  PERM,
  type ReconcileDiff,
  reconcileDiffQuery,
  reconcileListQuery,
  reconcileRunBody,
  UserType,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { streamXlsx } from '../../lib/xlsx-stream.ts';
import { actorOf } from '../../tenant/index.ts';
import {
  allDiffs,
  countDiffs,
  listDiffs,
  listRuns,
  providerNames,
  runById,
  runReconcile,
} from './reconcile.service.ts';

const TAGS = ['对账'];
const yuan = (fen: number | null) => (fen == null ? '' : fen / 100);

/**
 * 对账 (/merchantManage/reconcile 6130, decision 168): the payment company's daily reconciliation of the
 * providers' statements — the runs, 重新对账, a run's differences and their export. Type 6 only.
 */
export async function reconcileRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const config = { auth: { types: [UserType.PayCompany], perms: [PERM.RECONCILE] } };

  r.get('/reconcile_providers', { schema: { summary: '可对账的支付通道', tags: TAGS }, config }, async () =>
    ok(providerNames(deps)),
  );

  r.get(
    '/reconcile_list',
    {
      schema: { summary: '对账记录（每日每通道一条）', tags: TAGS, querystring: reconcileListQuery },
      config,
    },
    async (req) => ok(await listRuns(deps.db, req.query)),
  );

  r.post(
    '/reconcile_run',
    {
      schema: { summary: '重新对账（下载通道对账单并与我方流水核对）', tags: TAGS, body: reconcileRunBody },
      config,
    },
    async (req) => {
      const run = await runReconcile(deps, req.body, actorOf(req).id);
      return ok(run, run.status === '已完成' ? '对账完成' : run.error || '对账失败');
    },
  );

  r.get(
    '/reconcile_diff_list',
    { schema: { summary: '对账差异明细', tags: TAGS, querystring: reconcileDiffQuery }, config },
    async (req) => ok(await listDiffs(deps.db, req.query)),
  );

  r.get(
    '/reconcile_diff_export',
    {
      schema: {
        summary: '导出对账差异（xlsx，与列表同样的筛选）',
        tags: TAGS,
        querystring: reconcileDiffQuery,
      },
      config,
      compress: false,
    },
    async (req, reply) => {
      const q = req.query;
      const run = await runById(deps.db, q.run_id);
      return streamXlsx<ReconcileDiff>(reply, {
        filename: `对账差异_${run.provider}_${run.day}.xlsx`,
        sheet: '对账差异',
        columns: [
          { header: '差异类型', value: (d) => DIFF_KIND_LABELS[d.kind], width: 26 },
          { header: '类型', value: (d) => LINE_KIND_LABELS[d.line_kind], width: 8 },
          { header: '门店', value: (d) => d.netbar_name, width: 20 },
          { header: '我方支付单号', value: (d) => d.payment_no, width: 26 },
          { header: '退款单号', value: (d) => d.refund_no, width: 26 },
          { header: '通道交易号', value: (d) => d.txn_id, width: 26 },
          { header: '我方金额(元)', value: (d) => yuan(d.our_amount_fen), sum: true, width: 14 },
          { header: '通道金额(元)', value: (d) => yuan(d.their_amount_fen), sum: true, width: 14 },
          { header: '我方状态', value: (d) => d.our_status, width: 10 },
          { header: '时间', value: (d) => d.at ?? '', width: 20 },
        ],
        rows: allDiffs(deps.db, q),
        count: () => countDiffs(deps.db, q),
      });
    },
  );
}
