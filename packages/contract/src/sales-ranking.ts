import { z } from 'zod';
import { ORDER_SOURCES } from './order';
import { reportPageFields, reportPeriodFields, withPeriodChecks } from './report-query';
import { optional } from './validation/helpers';

/**
 * 销售排行 (/operating_statements/sales_ranking, 237): goods (and 套餐) ranked by quantity, revenue or
 * gross profit at the cost recorded on the line when sold, net of refunds, over business days
 * start..end; by category and by source (收银台 counter or 座位下单 seat …); one store or the chain
 * (the same goods by name across its stores). Read from the daily rollup report_goods_day (decision 152).
 */
export const SALES_RANK_BY = ['qty', 'revenue', 'profit'] as const;
export type SalesRankBy = (typeof SALES_RANK_BY)[number];
export const SALES_RANK_BY_LABELS: Record<SalesRankBy, string> = {
  qty: '销量',
  revenue: '销售额',
  profit: '毛利',
};

export const salesRankingQuery = withPeriodChecks(
  z.object({
    ...reportPeriodFields,
    ...reportPageFields,
    rank_by: optional(z.enum(SALES_RANK_BY, { error: '排序方式不正确' })),
    source: optional(z.enum(ORDER_SOURCES, { error: '订单来源不正确' })),
    category: optional(z.string().trim().max(20, { error: '商品分类最多20个字符' })),
    keyword: optional(z.string().trim().max(50, { error: '关键字最多50个字符' })),
  }),
);
export type SalesRankingQuery = z.infer<typeof salesRankingQuery>;

export interface SalesFigures {
  /** Net of refunds. */
  qty: number;
  revenue_fen: number;
  cost_fen: number;
  profit_fen: number;
}

export interface SalesRankRow extends SalesFigures {
  rank: number;
  name: string;
  category_name: string;
  /** 套餐 (a goods group) or a good. */
  is_group: boolean;
}

export interface SalesRankingAnswer {
  list: SalesRankRow[];
  count: number;
  page: number;
  page_size: number;
  totals: SalesFigures;
  by_category: (SalesFigures & { category_name: string })[];
  by_source: (SalesFigures & { source: string })[];
  stores: { id: number; name: string }[];
}
