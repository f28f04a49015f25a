import {
  APPROVAL_LABELS,
  fenToYuanNumber,
  overShortLabel,
  PERM,
  SHIFT_RECORD_STATE_LABELS,
  type ShiftRecordRow,
  type ShiftSummaryFigures,
  shanghaiDate,
  shiftIdQuery,
  shiftRecordQuery,
  shiftSummaryQuery,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '../../lib/reply.ts';
import { type Column, sendXlsx } from '../../lib/xlsx-stream.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { recordDetail, recordExport, records } from './shift-record.service.ts';
import { shiftSummary } from './shift-summary.service.ts';

/**
 * Shift records (/shift_management/shift_record 128) and the summary (shift_summary 239), with exports.
 * Netbar staff see only their own shifts and figures in all of them (`ownShiftsOnly`); the owner sees all.
 */

const yuan = fenToYuanNumber;
const stateOf = (r: ShiftRecordRow) =>
  r.status === 'closed' ? SHIFT_RECORD_STATE_LABELS.closed : r.handover_due ? '待点钞' : '当班中';
const RECORD_COLUMNS: Column<ShiftRecordRow>[] = [
  { header: '班次号', width: 22, value: (r) => r.shift_no },
  { header: '收银员', value: (r) => r.cashier_name },
  { header: '开班时间', width: 20, value: (r) => r.opened_at },
  { header: '交班时间', width: 20, value: (r) => r.closed_at ?? '' },
  { header: '状态', value: stateOf },
  { header: '备用金', value: (r) => yuan(r.float_fen), sum: true },
  { header: '现金收支', value: (r) => yuan(r.cash_net_fen), sum: true },
  { header: '会员余额', value: (r) => yuan(r.member_net_fen), sum: true },
  { header: '扫码支付', value: (r) => yuan(r.scan_net_fen), sum: true },
  { header: '收支合计', value: (r) => yuan(r.net_fen), sum: true },
  { header: '应有现金', value: (r) => yuan(r.expected_cash_fen ?? 0), sum: true },
  { header: '实点现金', value: (r) => yuan(r.counted_cash_fen ?? 0), sum: true },
  { header: '长短款', value: (r) => yuan(r.over_short_fen ?? 0), sum: true },
  { header: '长短款类型', value: (r) => overShortLabel(r.over_short_fen) },
  { header: '长短款原因', width: 24, value: (r) => r.over_short_reason },
  { header: '审批', value: (r) => (r.approval_status ? APPROVAL_LABELS[r.approval_status] : '') },
  { header: '接班人', value: (r) => r.next_cashier_name },
];
type SummaryRow = ShiftSummaryFigures & { label: string };
const SUMMARY_COLUMNS = (first: string): Column<SummaryRow>[] => [
  { header: first, width: 14, value: (r) => r.label },
  { header: '交班数', value: (r) => r.shifts },
  { header: '商品销售', value: (r) => yuan(r.sale_fen) },
  { header: '退款', value: (r) => yuan(r.refund_fen) },
  { header: '会员充值', value: (r) => yuan(r.topup_fen) },
  { header: '租赁', value: (r) => yuan(r.lease_fen) },
  { header: '桌台', value: (r) => yuan(r.desk_fen) },
  { header: '备用金', value: (r) => yuan(r.petty_fen) },
  { header: '现金', value: (r) => yuan(r.cash_fen) },
  { header: '会员余额', value: (r) => yuan(r.member_fen) },
  { header: '扫码支付', value: (r) => yuan(r.scan_fen) },
  { header: '其他', value: (r) => yuan(r.other_fen) },
  { header: '收支合计', value: (r) => yuan(r.net_fen) },
  { header: '长款', value: (r) => yuan(r.over_fen) },
  { header: '短款', value: (r) => yuan(r.short_fen) },
];

export async function shiftRecordRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db, readDb } = app.deps;
  const RECORDS = storeAccess(PERM.SHIFT_RECORD);
  const SUMMARY = storeAccess(PERM.SHIFT_SUMMARY);
  const TAGS = ['交班记录'];

  r.get(
    '/shift_record_list',
    { schema: { summary: '交班记录', tags: TAGS, querystring: shiftRecordQuery }, config: RECORDS },
    async (req) => ok(await records(db, storeScopeOf(req), req.query)),
  );

  r.get(
    '/shift_record_detail',
    {
      schema: {
        summary: '交班单（流水按类型与方式、点钞明细、结转订单、审批）',
        tags: TAGS,
        querystring: shiftIdQuery,
      },
      config: storeAccess(PERM.SHIFT_RECORD, PERM.CASHIER, PERM.ORDER_LIST),
    },
    async (req) => ok(await recordDetail(db, storeScopeOf(req), req.query.id)),
  );

  r.get(
    '/shift_record_export',
    {
      compress: false,
      schema: { summary: '导出交班记录', tags: TAGS, querystring: shiftRecordQuery },
      config: RECORDS,
    },
    async (req, reply) => {
      // exports read the replica (decision 201)
      const t = await recordExport(readDb, storeScopeOf(req), req.query);
      const x = t.totals;
      const totals = [
        '合计',
        '',
        '',
        '',
        `${t.count}个班次`,
        yuan(x.float_fen),
        yuan(x.cash_net_fen),
        yuan(x.member_net_fen),
        yuan(x.scan_net_fen),
        yuan(x.net_fen),
        yuan(x.expected_cash_fen),
        yuan(x.counted_cash_fen),
        yuan(x.over_short_fen),
      ];
      return sendXlsx(reply, `交班记录-${shanghaiDate()}.xlsx`, RECORD_COLUMNS, t.list, totals);
    },
  );

  r.get(
    '/shift_summary',
    {
      schema: {
        summary: '交班汇总（按日、收银员、支付方式）',
        tags: ['交班汇总'],
        querystring: shiftSummaryQuery,
      },
      config: SUMMARY,
    },
    async (req) => ok(await shiftSummary(db, storeScopeOf(req), req.query)),
  );

  r.get(
    '/shift_summary_export',
    {
      compress: false,
      schema: { summary: '导出交班汇总', tags: ['交班汇总'], querystring: shiftSummaryQuery },
      config: SUMMARY,
    },
    async (req, reply) => {
      const sum = await shiftSummary(readDb, storeScopeOf(req), req.query);
      const byCashier = req.query.by === 'cashier';
      const list: SummaryRow[] = byCashier
        ? sum.by_cashier.map((c) => ({ ...c, label: c.cashier_name }))
        : sum.by_day.map((d) => ({ ...d, label: d.day }));
      const cols = SUMMARY_COLUMNS(byCashier ? '收银员' : '日期');
      const totals = cols.map((c) => c.value({ ...sum.totals, label: '合计' }));
      return sendXlsx(reply, `交班汇总-${req.query.start}至${req.query.end}.xlsx`, cols, list, totals);
    },
  );
}
