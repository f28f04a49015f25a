import {
  fenToYuanNumber,
  PERM,
  shanghaiDate,
  TIP_KIND_LABELS,
  TIP_PAID_LABELS,
  TIP_SOURCE_LABELS,
  type TipRow,
  tipCounterBody,
  tipListQuery,
  tipPayoutBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { type Column, sendXlsx } from '../../lib/xlsx-stream.ts';
import { actorOf, authOf, guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { payout, tipAtCounter } from './tip.service.ts';
import { staffForTips, tipExport, tipList, unpaid, viewerOf } from './tip-list.service.ts';

const TAGS = ['打赏'];
const yuan = fenToYuanNumber;
const COLUMNS: Column<TipRow>[] = [
  { header: '单号', width: 16, value: (r) => r.ref_no },
  { header: '时间', width: 20, value: (r) => r.at },
  { header: '类型', value: (r) => TIP_KIND_LABELS[r.kind] },
  { header: '员工', value: (r) => r.staff_name },
  { header: '会员', value: (r) => r.member_name },
  { header: '来源', value: (r) => (r.source ? TIP_SOURCE_LABELS[r.source] : '') },
  { header: '机器', value: (r) => r.machine_name },
  { header: '金额', value: (r) => yuan(r.amount_fen), sum: true },
  { header: '已发放', value: (r) => yuan(r.paid_fen), sum: true },
  { header: '发放状态', value: (r) => (r.paid_status ? TIP_PAID_LABELS[r.paid_status] : '') },
  { header: '班次', width: 20, value: (r) => r.shift_no },
  { header: '经办人', value: (r) => r.user_name },
  { header: '备注', width: 24, value: (r) => r.remark },
];

/**
 * Tips (decision 148): the record list (/NetbarStaffManage/RewardRecord 274) and its export, the
 * per-staff unpaid summary, 打赏 at the counter (the counter's 264/2640, or 274) and 打赏发放 (2741; the
 * owner holds it). A staff member with 274 sees only their own tips; the owner and 2741 see the store's.
 * The PC's 打赏 is a terminal API call (modules/terminal/terminal-tip.routes.ts).
 */
export async function tipRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db } = app.deps;
  const RECORDS = storeAccess(PERM.REWARD_RECORD);
  const COUNTER = storeAccess(PERM.CASHIER, PERM.ORDER_LIST, PERM.REWARD_RECORD);
  const PAYOUT = storeAccess(PERM.REWARD_PAYOUT);
  const viewer = (req: Parameters<typeof authOf>[0]) => viewerOf(storeScopeOf(req), authOf(req).perms);

  r.get('/tip_staff', { schema: { summary: '可打赏的本店员工', tags: TAGS }, config: COUNTER }, async (req) =>
    ok(await staffForTips(db, storeScopeOf(req))),
  );

  r.post(
    '/tip_counter',
    {
      schema: { summary: '柜台打赏：会员本金打赏员工（request_id 幂等）', tags: TAGS, body: tipCounterBody },
      config: COUNTER,
    },
    async (req) => {
      const res = await tipAtCounter(db, storeScopeOf(req), actorOf(req), req.body);
      return ok(res, res.replay ? '该打赏已处理' : '打赏成功');
    },
  );

  r.get(
    '/tip_list',
    { schema: { summary: '打赏记录（打赏或发放）', tags: TAGS, querystring: tipListQuery }, config: RECORDS },
    async (req) => ok(await tipList(db, viewer(req), req.query)),
  );

  r.get(
    '/tip_export',
    {
      compress: false,
      schema: { summary: '导出打赏记录', tags: TAGS, querystring: tipListQuery },
      config: RECORDS,
    },
    async (req, reply) => {
      // exports read the replica (decision 201)
      const t = await tipExport(app.deps.readDb, viewer(req), req.query);
      const totals = [
        '合计',
        `${t.count}条`,
        '',
        '',
        '',
        '',
        '',
        yuan(t.totals.amount_fen),
        yuan(t.totals.paid_fen),
      ];
      const name = `${TIP_KIND_LABELS[req.query.kind]}记录-${shanghaiDate()}.xlsx`;
      return sendXlsx(reply, name, COLUMNS, t.list, totals);
    },
  );

  r.get(
    '/tip_unpaid',
    {
      schema: { summary: '员工打赏汇总（已打赏、已发放、未发放）', tags: TAGS },
      config: storeAccess(PERM.REWARD_RECORD, PERM.REWARD_PAYOUT),
    },
    async (req) => ok(await unpaid(db, viewer(req))),
  );

  r.post(
    '/tip_payout',
    {
      schema: {
        summary: '打赏发放：从当前班次钱箱支出现金（「打赏发放」；request_id 幂等）',
        tags: TAGS,
        body: tipPayoutBody,
      },
      config: PAYOUT,
    },
    async (req) => {
      const res = await payout(db, storeScopeOf(req), actorOf(req), req.body);
      return ok(res, res.replay ? '该发放已处理' : '发放成功');
    },
  );
}
