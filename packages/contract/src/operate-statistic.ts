import { z } from 'zod';
import { reportPeriodFields, withPeriodChecks } from './report-query';

/**
 * 经营统计 (/operating_statements/operate_statistic 241; issue 15 item 5): revenue by source, top-ups,
 * bonus issued, refunds and net cash by payment method, per day, week or month, with the previous period
 * of the same length for comparison; a chain head sees every store side by side and the chain total.
 * Figures come from the daily rollups (decision 152) by business day (decision 151).
 */

export const OPERATE_GROUPS = ['day', 'week', 'month'] as const;
export type OperateGroup = (typeof OPERATE_GROUPS)[number];
export const OPERATE_GROUP_LABELS: Record<OperateGroup, string> = {
  day: '按日',
  week: '按周',
  month: '按月',
};

export const operateStatisticQuery = withPeriodChecks(
  z.object({
    ...reportPeriodFields,
    group: z.enum(OPERATE_GROUPS, { error: '统计周期只能是按日、按周或按月' }).default('day'),
  }),
);
export type OperateStatisticQuery = z.infer<typeof operateStatisticQuery>;

/** The figures of a bucket, a store or the whole period (fen, counts). */
export interface OperateFigures {
  /** 上网费: balance spent on online sessions */
  online_fen: number;
  /** 商品: paid orders */
  goods_fen: number;
  /** 包间/桌台 */
  desk_fen: number;
  /** 租赁 */
  lease_fen: number;
  /** 营业收入 = online + goods + desk + lease */
  revenue_fen: number;
  /** 充值本金 */
  topup_fen: number;
  /** 赠送奖励 */
  bonus_fen: number;
  topups: number;
  /** 退款 */
  refund_fen: number;
  /** 现金净收 (till, petty cash left out) */
  cash_fen: number;
  /** 扫码净收 */
  scan_fen: number;
  /** 会员余额支付 */
  member_fen: number;
  /** 实收净额 = cash + scan */
  net_cash_fen: number;
  /** 历史导入收款: the old product's online collection of days before the switch (decision 194), apart */
  imported_fen: number;
  orders: number;
  sessions: number;
}

export const OPERATE_FIGURE_KEYS = [
  'online_fen',
  'goods_fen',
  'desk_fen',
  'lease_fen',
  'revenue_fen',
  'topup_fen',
  'bonus_fen',
  'topups',
  'refund_fen',
  'cash_fen',
  'scan_fen',
  'member_fen',
  'net_cash_fen',
  'imported_fen',
  'orders',
  'sessions',
] as const satisfies readonly (keyof OperateFigures)[];

export const OPERATE_FIGURE_LABELS: Record<keyof OperateFigures, string> = {
  online_fen: '上网费',
  goods_fen: '商品销售',
  desk_fen: '包间桌台',
  lease_fen: '租赁',
  revenue_fen: '营业收入',
  topup_fen: '充值本金',
  bonus_fen: '赠送奖励',
  topups: '充值笔数',
  refund_fen: '退款',
  cash_fen: '现金净收',
  scan_fen: '扫码净收',
  member_fen: '会员余额支付',
  net_cash_fen: '实收净额',
  imported_fen: '历史导入收款',
  orders: '订单数',
  sessions: '上机次数',
};

/** One bucket (a day, a Monday-first week or a month, clipped to the period) of the chosen stores. */
export interface OperateRow extends OperateFigures {
  /** '2026-03-01', '2026-03-02~2026-03-08' or '2026-03' */
  label: string;
  start: string;
  end: string;
}

export interface OperateStoreColumn {
  id: number;
  name: string;
  totals: OperateFigures;
  previous: OperateFigures;
}

export interface OperateStatistic {
  start: string;
  end: string;
  group: OperateGroup;
  rows: OperateRow[];
  /** The period's totals over the chosen stores: the screen's and the export's 合计. */
  totals: OperateFigures;
  /** The previous period of the same length. */
  previous: { start: string; end: string; totals: OperateFigures };
  /** Every chosen store side by side (one entry for a single store). */
  stores: OperateStoreColumn[];
  /** Every store the caller may pick (the store filter). */
  choices: { id: number; name: string }[];
}

/** Change against the previous figure in percent (one decimal), null when there is nothing to compare. */
export function changePercent(now: number, before: number): number | null {
  if (!before) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}
