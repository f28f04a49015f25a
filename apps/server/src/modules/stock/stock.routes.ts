import {
  fenToYuanNumber,
  ITEM_KIND_LABELS,
  ledgerQuery,
  PERM,
  REPORT_FIGURE_LABELS,
  REPORT_FIGURES,
  type ReportRow,
  reportQuery,
  STOCK_DOC_INFO,
  STOCK_LOCATION_LABELS,
  type StockLedgerRow,
  type StockRow,
  shanghaiDate,
  stockListQuery,
  stockSettingBody,
} from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BadInputError } from '../../lib/errors.ts';
import { pager } from '../../lib/paging.ts';
import { ok } from '../../lib/reply.ts';
import { type Column, exportLimits, streamXlsx } from '../../lib/xlsx-stream.ts';
import { guardStore, storeAccess, storeScopeOf } from '../../tenant/index.ts';
import { listStock, negativePolicy, saveNegativePolicy } from './stock.repo.ts';
import { ledgerCountUpTo, ledgerRows, listLedger } from './stock-ledger.repo.ts';
import { stockReport } from './stock-report.repo.ts';

const refLabel = (t: string) =>
  t === 'sale'
    ? '销售'
    : t === 'sale_refund'
      ? '销售退货'
      : (STOCK_DOC_INFO[t as keyof typeof STOCK_DOC_INFO]?.title ?? t);
export const REF_TYPE_LABEL = refLabel;

const STOCK_COLUMNS: Column<StockRow>[] = [
  { header: '类型', value: (r) => ITEM_KIND_LABELS[r.item_kind] },
  { header: '名称', width: 28, value: (r) => r.name },
  { header: '单位', value: (r) => r.unit },
  { header: '库位', value: (r) => STOCK_LOCATION_LABELS[r.location] },
  { header: '数量', value: (r) => r.qty, sum: true },
  { header: '成本价(元)', value: (r) => fenToYuanNumber(r.cost_fen) },
  { header: '库存金额(元)', value: (r) => fenToYuanNumber(r.value_fen), sum: true },
  { header: '库存预警', value: (r) => (r.low ? '库存不足' : '') },
];
const LEDGER_COLUMNS: Column<StockLedgerRow>[] = [
  { header: '时间', width: 20, value: (r) => r.at },
  { header: '名称', width: 28, value: (r) => r.name },
  { header: '库位', value: (r) => STOCK_LOCATION_LABELS[r.location] },
  { header: '业务类型', value: (r) => refLabel(r.ref_type) },
  { header: '单号', width: 22, value: (r) => r.ref_no },
  { header: '变动前', value: (r) => r.qty_before },
  { header: '变动数量', value: (r) => r.delta, sum: true },
  { header: '变动后', value: (r) => r.qty_after },
  { header: '单位', value: (r) => r.unit },
  { header: '成本价(元)', value: (r) => fenToYuanNumber(r.cost_fen) },
  { header: '操作人', value: (r) => r.user_name },
];
const REPORT_COLUMNS: Column<ReportRow>[] = [
  { header: '类型', value: (r) => ITEM_KIND_LABELS[r.item_kind] },
  { header: '名称', width: 28, value: (r) => r.name },
  { header: '单位', value: (r) => r.unit },
  ...REPORT_FIGURES.flatMap((f): Column<ReportRow>[] => [
    { header: `${REPORT_FIGURE_LABELS[f]}数量`, value: (r) => r[`${f}_qty`], sum: true },
    { header: `${REPORT_FIGURE_LABELS[f]}金额(元)`, value: (r) => fenToYuanNumber(r[`${f}_fen`]), sum: true },
  ]),
];

/** Stock list (73), ledger (147), stock report (249) with their exports, and the store's negative-stock policy. */
export async function stockRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  guardStore(app);
  const { db, readDb } = app.deps;
  const list = storeAccess(PERM.STOCK_LIST);
  const hist = storeAccess(PERM.STOCK_HISTORY);
  const rep = storeAccess(PERM.STOCK_REPORT);

  r.get(
    '/stock_list',
    {
      schema: { summary: '库存列表（按商品/原料与库位）', tags: ['库存列表'], querystring: stockListQuery },
      config: list,
    },
    async (req) => {
      const res = await listStock(db, storeScopeOf(req), req.query);
      return ok({ ...pager(req.query, res), totals: res.totals });
    },
  );

  r.get(
    '/stock_list_export',
    {
      compress: false,
      schema: { summary: '导出库存列表', tags: ['库存列表'], querystring: stockListQuery },
      config: list,
    },
    async (req, reply) => {
      // exports read the replica (decision 201)
      const res = await listStock(readDb, storeScopeOf(req), req.query, true);
      return streamXlsx(reply, {
        filename: `库存列表-${shanghaiDate()}.xlsx`,
        sheet: '库存列表',
        columns: STOCK_COLUMNS,
        rows: res.list,
        count: async () => res.list.length,
      });
    },
  );

  r.get(
    '/stock_setting',
    { schema: { summary: '库存设置（负库存策略）', tags: ['库存列表'] }, config: list },
    async (req) => ok({ negative_policy: await negativePolicy(db, storeScopeOf(req)) }),
  );

  r.post(
    '/stock_setting_save',
    {
      schema: { summary: '保存库存设置（负库存策略）', tags: ['库存列表'], body: stockSettingBody },
      config: storeAccess(PERM.STOCK_DOCS),
    },
    async (req) => {
      await saveNegativePolicy(db, storeScopeOf(req), req.body.negative_policy);
      return ok({ negative_policy: req.body.negative_policy });
    },
  );

  r.get(
    '/stock_ledger_list',
    {
      schema: { summary: '库存历史记录（台账）', tags: ['历史记录'], querystring: ledgerQuery },
      config: hist,
    },
    async (req) => {
      const res = await listLedger(db, storeScopeOf(req), req.query);
      return ok({ ...pager(req.query, res), totals: res.totals });
    },
  );

  r.get(
    '/stock_ledger_export',
    {
      compress: false,
      schema: { summary: '导出库存历史记录', tags: ['历史记录'], querystring: ledgerQuery },
      config: hist,
    },
    async (req, reply) => {
      const s = storeScopeOf(req);
      return streamXlsx(reply, {
        filename: `库存历史记录-${shanghaiDate()}.xlsx`,
        sheet: '历史记录',
        columns: LEDGER_COLUMNS,
        rows: ledgerRows(readDb, s, req.query),
        count: () => ledgerCountUpTo(readDb, s, req.query, exportLimits.rows),
      });
    },
  );

  r.get(
    '/stock_report',
    {
      schema: {
        summary: '库存报表（期初、出入库、销售、报损、盘点、期末）',
        tags: ['库存报表'],
        querystring: reportQuery,
      },
      config: rep,
    },
    async (req) => {
      if (req.query.end < req.query.start) throw new BadInputError('结束日期不能早于开始日期');
      const res = await stockReport(db, storeScopeOf(req), req.query);
      return ok({ ...pager(req.query, res), totals: res.totals });
    },
  );

  r.get(
    '/stock_report_export',
    {
      compress: false,
      schema: { summary: '导出库存报表', tags: ['库存报表'], querystring: reportQuery },
      config: rep,
    },
    async (req, reply) => {
      if (req.query.end < req.query.start) throw new BadInputError('结束日期不能早于开始日期');
      const res = await stockReport(readDb, storeScopeOf(req), req.query, true);
      return streamXlsx(reply, {
        filename: `库存报表-${req.query.start}至${req.query.end}.xlsx`,
        sheet: '库存报表',
        columns: REPORT_COLUMNS,
        rows: res.list,
        count: async () => res.list.length,
      });
    },
  );
}
