import { z } from 'zod';
import { REPORT_MAX_DAYS, reportPageFields, reportStoreId } from './report-query';
import { ID_MAX } from './validation/fields';
import { emptyToUndefined, intWithDefault, numberFromForm, optional } from './validation/helpers';

/**
 * 滞销统计 (/operating_statements/dead_stock, 238): goods with stock and no sale in the last `days` days
 * (today included), with quantity, stock value at cost, last sale and last receipt, the most value tied
 * up first. One store, or every store the caller may read (a chain head's chain).
 */
export const DEAD_STOCK_PRESETS = [7, 15, 30, 60] as const;
export const DEAD_STOCK_DEFAULT_DAYS = 30;
export const DEAD_STOCK_DAYS_MSG = `滞销天数须为1到${REPORT_MAX_DAYS}之间的整数`;

export const deadStockQuery = z.object({
  ...reportPageFields,
  store_id: reportStoreId,
  days: intWithDefault(DEAD_STOCK_DAYS_MSG, 1, REPORT_MAX_DAYS, DEAD_STOCK_DEFAULT_DAYS),
  category_id: z.preprocess(
    (v) => numberFromForm(emptyToUndefined(v)),
    z
      .number({ error: '商品分类参数错误' })
      .int({ error: '商品分类参数错误' })
      .min(1, { error: '商品分类参数错误' })
      .max(ID_MAX, { error: '商品分类参数错误' })
      .optional(),
  ),
  keyword: optional(z.string().trim().max(50, { error: '关键字最多50个字符' })),
});
export type DeadStockQuery = z.infer<typeof deadStockQuery>;

export interface DeadStockRow {
  store_id: number;
  store_name: string;
  /** The SKU (goods_skus.id), the stock item. */
  item_id: number;
  name: string;
  category_name: string;
  unit: string;
  /** Warehouse and counter together. */
  qty: number;
  /** Book value at moving average cost, fen. */
  value_fen: number;
  /** 'YYYY-MM-DD HH:mm:ss' Beijing time; null: never sold. */
  last_sale_at: string | null;
  /** Last 入库 (goods receipt); null: none. */
  last_in_at: string | null;
  /** Whole days since the last sale (or since the last receipt when never sold); null: neither. */
  idle_days: number | null;
}

export interface DeadStockTotals {
  qty: number;
  value_fen: number;
}

/** The dead_stock answer: a page, totals over every page, and the stores the caller may pick from. */
export interface DeadStockAnswer {
  list: DeadStockRow[];
  count: number;
  page: number;
  page_size: number;
  totals: DeadStockTotals;
  stores: { id: number; name: string }[];
}
