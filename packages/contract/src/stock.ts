import { z } from 'zod';
import { isCalendarDate } from './agent';
import { itemKindEnum, stockDocTypeEnum } from './enum-schemas';
import type { ItemKindValue } from './enums';
import { jsonArray, keywordQuery, qtyField } from './goods';
import { STOCK_DOC_TYPES, type StockDocTypeValue, type StockLocationValue } from './stock-docs';
import { ID_MAX, pageQuery } from './validation/fields';
import { emptyToUndefined, intField, numberFromForm, optional } from './validation/helpers';

/** Stock (spec section 2 /stock): levels, documents, count sheets, ledger, report, and the sale call. */

export const locationEnum = z.enum(['warehouse', 'counter'], { error: '请选择库位' });
export const NegativePolicy = { Refuse: 'refuse', Warn: 'warn' } as const;
export type NegativePolicyValue = (typeof NegativePolicy)[keyof typeof NegativePolicy];
export const NEGATIVE_POLICY_LABELS: Record<NegativePolicyValue, string> = {
  refuse: '禁止负库存',
  warn: '允许负库存并提示',
};

const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });
const optRequestId = optional(requestId);
/** A real calendar day: '2024-02-30' is refused here, not by the database. */
const calendarDate = (missing: string) =>
  z.string({ error: missing }).trim().refine(isCalendarDate, { error: '日期格式为YYYY-MM-DD' });
const dateText = optional(calendarDate('日期格式为YYYY-MM-DD'));
/** Keyset cursor of a list that can grow without bound: the `next` of the previous page (decision 060). */
export const cursorField = optional(
  z
    .string()
    .trim()
    .regex(/^\d{1,19}_\d{1,19}$/, { error: '分页参数错误' }),
);

export const stockListQuery = keywordQuery.extend({
  item_kind: optional(itemKindEnum),
  location: optional(locationEnum),
  low_only: optional(z.enum(['0', '1'])),
});
export type StockListQuery = z.infer<typeof stockListQuery>;
export interface StockRow {
  item_kind: ItemKindValue;
  item_id: number;
  name: string;
  unit: string;
  location: StockLocationValue;
  qty: number;
  cost_fen: number;
  value_fen: number;
  low_stock: number;
  low: boolean;
}
export interface StockTotals {
  qty: number;
  value_fen: number;
}

export const stockSettingBody = z.object({
  negative_policy: z.enum(['refuse', 'warn'], { error: '请选择负库存策略' }),
});

export const docLineInput = z
  .object({
    item_kind: itemKindEnum,
    item_id: intField('请选择商品或原料', 1, ID_MAX),
    qty: qtyField('数量'),
    cost_fen: optional(intField('成本价须为0-1000000元之间的金额', 0, 100_000_000)),
  })
  // The line's value (fen) must stay an exact number.
  .refine((l) => l.cost_fen === undefined || l.qty * l.cost_fen <= Number.MAX_SAFE_INTEGER, {
    error: '数量×成本价超出上限，请拆分单据',
  });
export type DocLineInput = z.infer<typeof docLineInput>;
export const docSaveBody = z.object({
  id: optional(intField('参数错误', 1, ID_MAX)),
  doc_type: z.enum(
    STOCK_DOC_TYPES.filter((t) => t !== 'check') as [StockDocTypeValue, ...StockDocTypeValue[]],
    { error: '单据类型不正确' },
  ),
  remark: optional(z.string().trim().max(100, { error: '备注最多100个字符' })),
  lines: jsonArray(docLineInput, '请添加单据明细').refine((a) => a.length >= 1 && a.length <= 500, {
    error: '单据明细为1-500行',
  }),
  /** 1: post at once after saving. */
  post: optional(z.enum(['0', '1'])),
  request_id: optRequestId,
});
export type DocSaveBody = z.infer<typeof docSaveBody>;
export const docIdBody = z.object({
  id: intField('参数错误', 1, ID_MAX),
  request_id: optRequestId,
});
export const docListQuery = pageQuery.extend({
  doc_type: optional(stockDocTypeEnum),
  status: optional(z.enum(['draft', 'approved', 'posted'])),
});
export type DocStatus = 'draft' | 'approved' | 'posted';
export const DOC_STATUS_LABELS: Record<DocStatus, string> = {
  draft: '草稿',
  approved: '已审核',
  posted: '已过账',
};
export interface DocRow {
  id: number;
  doc_no: string;
  doc_type: StockDocTypeValue;
  location: StockLocationValue | null;
  status: DocStatus;
  remark: string;
  line_count: number;
  total_qty: number;
  total_cost_fen: number;
  created_name: string;
  created_at: string;
  approved_name: string;
  posted_name: string;
  posted_at: string | null;
}
export interface DocLineRow {
  id: number;
  item_kind: ItemKindValue;
  item_id: number;
  name: string;
  unit: string;
  barcode: string;
  qty: number;
  cost_fen: number;
  /** count sheets: book quantity when the count opened, counted quantity, movements since, difference. */
  book_qty: number | null;
  counted_qty: number | null;
  moved_qty: number | null;
  diff_qty: number | null;
}

export const checkOpenBody = z.object({
  location: locationEnum,
  remark: optional(z.string().trim().max(100, { error: '备注最多100个字符' })),
  request_id: optRequestId,
});
export const checkCountBody = z.object({
  id: intField('参数错误', 1, ID_MAX),
  /** set: the entered quantity replaces the count; add: it adds to it (scanning in several parts). */
  mode: z.enum(['set', 'add']).default('set'),
  lines: jsonArray(
    z.object({
      line_id: optional(intField('参数错误', 1, ID_MAX)),
      barcode: optional(z.string().trim().max(32, { error: '条码格式不正确' })),
      counted_qty: intField('盘点数量须为0-100000000的整数', 0, 100_000_000),
    }),
    '请填写盘点数量',
  ).refine((a) => a.length >= 1 && a.length <= 1000, { error: '请填写盘点数量' }),
});

export const saleBody = z.object({
  request_id: requestId,
  lines: jsonArray(
    z.object({ sku_id: intField('请选择商品', 1, ID_MAX), qty: qtyField('数量') }),
    '请选择商品',
  ).refine((a) => a.length >= 1 && a.length <= 200, { error: '商品为1-200行' }),
});
export type SaleBody = z.infer<typeof saleBody>;

export const ledgerQuery = pageQuery.extend({
  item_kind: optional(itemKindEnum),
  item_id: z.preprocess(
    (v) => numberFromForm(emptyToUndefined(v)),
    z
      .number({ error: '参数错误' })
      .int({ error: '参数错误' })
      .min(1, { error: '参数错误' })
      .max(ID_MAX, { error: '参数错误' })
      .optional(),
  ),
  location: optional(locationEnum),
  ref_type: optional(z.enum([...STOCK_DOC_TYPES, 'sale', 'sale_refund'])),
  start: dateText,
  end: dateText,
  /** Rows after this cursor (at desc, id desc) instead of the page number's offset. */
  after: cursorField,
});
export type LedgerQuery = z.infer<typeof ledgerQuery>;
export interface StockLedgerRow {
  id: number;
  at: string;
  item_kind: ItemKindValue;
  item_id: number;
  name: string;
  unit: string;
  location: StockLocationValue;
  ref_type: StockDocTypeValue | 'sale' | 'sale_refund';
  ref_no: string;
  qty_before: number;
  delta: number;
  qty_after: number;
  cost_fen: number;
  user_name: string;
}

export const reportQuery = pageQuery.extend({
  item_kind: optional(itemKindEnum),
  location: optional(locationEnum),
  keyword: optional(z.string().trim().max(50, { error: '关键字最多50个字符' })),
  start: calendarDate('请选择开始日期'),
  end: calendarDate('请选择结束日期'),
});
export type ReportQuery = z.infer<typeof reportQuery>;
/** One figure of the report: quantity and value at cost. */
export const REPORT_FIGURES = [
  'opening',
  'in',
  'out',
  'transfer',
  'sale',
  'loss',
  'check',
  'closing',
] as const;
export type ReportFigure = (typeof REPORT_FIGURES)[number];
export const REPORT_FIGURE_LABELS: Record<ReportFigure, string> = {
  opening: '期初',
  in: '入库',
  out: '出库',
  transfer: '调拨',
  sale: '销售',
  loss: '报损',
  check: '盘点差异',
  closing: '期末',
};
export type ReportRow = { item_kind: ItemKindValue; item_id: number; name: string; unit: string } & {
  [K in ReportFigure as `${K}_qty` | `${K}_fen`]: number;
};
export type ReportTotals = { [K in ReportFigure as `${K}_qty` | `${K}_fen`]: number };
