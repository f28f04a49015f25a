import { z } from 'zod';
import { isCalendarDate } from './agent';
import type { ShiftRow } from './shift';
import { cursorField } from './stock';
import { ID_MAX, pageQuery } from './validation/fields';
import { emptyToUndefined, numberFromForm, optional } from './validation/helpers';

/** Shift records (/shift_management/shift_record 128) and the summary (shift_summary 239). */

/** The longest period the summary reads at once. */
export const SHIFT_SUMMARY_MAX_DAYS = 366;

const date = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing, abort: true })
    .refine(isCalendarDate, { error: '日期不存在或格式不正确（YYYY-MM-DD）' });
const optId = z.preprocess(
  (v) => numberFromForm(emptyToUndefined(v)),
  z
    .number({ error: '参数错误' })
    .int({ error: '参数错误' })
    .min(1, { error: '参数错误' })
    .max(ID_MAX, { error: '参数错误' })
    .optional(),
);
const startBeforeEnd = (v: { start?: string; end?: string }) => !v.start || !v.end || v.start <= v.end;
const daysBetween = (a: string, b: string) =>
  (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/** 当班中, 已交班, 待点钞 (auto handover came, count required), 待审批 (over/short waits for the owner). */
export const SHIFT_RECORD_STATES = ['open', 'closed', 'due', 'pending'] as const;
export type ShiftRecordState = (typeof SHIFT_RECORD_STATES)[number];
export const SHIFT_RECORD_STATE_LABELS: Record<ShiftRecordState, string> = {
  open: '当班中',
  closed: '已交班',
  due: '待点钞',
  pending: '待审批',
};

export const shiftRecordQuery = pageQuery
  .extend({
    /** Opened on or after this day (Asia/Shanghai). */
    start: optional(date('请选择开始日期')),
    end: optional(date('请选择结束日期')),
    cashier_id: optId,
    state: optional(z.enum(SHIFT_RECORD_STATES, { error: '状态不正确' })),
    /** '1': only shifts with an over or short. */
    over_short_only: optional(z.enum(['0', '1'], { error: '参数错误' })),
    /** Rows after this cursor (opened_at desc, id desc) instead of the page's offset. */
    after: cursorField,
  })
  .refine(startBeforeEnd, { error: '开始日期不能晚于结束日期' });
export type ShiftRecordQuery = z.infer<typeof shiftRecordQuery>;

/** A record row: the shift and its money totals. */
export interface ShiftRecordRow extends ShiftRow {
  /** Sum of every movement of the shift (all kinds and methods, signed). */
  net_fen: number;
  cash_net_fen: number;
  member_net_fen: number;
  scan_net_fen: number;
}
export interface ShiftRecordTotals {
  float_fen: number;
  net_fen: number;
  cash_net_fen: number;
  member_net_fen: number;
  scan_net_fen: number;
  expected_cash_fen: number;
  counted_cash_fen: number;
  over_short_fen: number;
}
export interface ShiftRecordPage {
  list: ShiftRecordRow[];
  page: number;
  page_size: number;
  count: number;
  next?: string | null;
  totals: ShiftRecordTotals;
}

export const shiftSummaryQuery = z
  .object({
    start: date('请选择开始日期'),
    end: date('请选择结束日期'),
    cashier_id: optId,
    /** The export's rows: by day (default) or by cashier. */
    by: optional(z.enum(['day', 'cashier'], { error: '参数错误' })),
  })
  .refine(startBeforeEnd, { error: '开始日期不能晚于结束日期' })
  .refine((v) => !startBeforeEnd(v) || daysBetween(v.start, v.end) < SHIFT_SUMMARY_MAX_DAYS, {
    error: `查询范围不能超过${SHIFT_SUMMARY_MAX_DAYS}天`,
  });
export type ShiftSummaryQuery = z.infer<typeof shiftSummaryQuery>;

/** The figures of a day, a cashier or the whole period: sums of till_ledger rows and closed shifts. */
export interface ShiftSummaryFigures {
  /** Shifts closed in the period. */
  shifts: number;
  sale_fen: number;
  refund_fen: number;
  topup_fen: number;
  /** Lease deposits, fees and returned deposits, net. */
  lease_fen: number;
  desk_fen: number;
  /** Petty cash in minus out. */
  petty_fen: number;
  cash_fen: number;
  member_fen: number;
  scan_fen: number;
  /** Methods other than the three above. */
  other_fen: number;
  /** Every movement, net (= cash + member + scan + other). */
  net_fen: number;
  /** Over (长款, positive) and short (短款, negative) of the shifts closed. */
  over_fen: number;
  short_fen: number;
}
export type ShiftSummaryDay = ShiftSummaryFigures & { day: string };
export type ShiftSummaryCashier = ShiftSummaryFigures & { cashier_id: number; cashier_name: string };
export interface ShiftSummaryMethod {
  method: string;
  label: string;
  in_fen: number;
  /** Positive: money that went out. */
  out_fen: number;
  net_fen: number;
}
/** Ready for ECharts: x axis days, one series per payment method (元), stacked bars. */
export interface ShiftSummaryChart {
  x: string[];
  series: { name: string; type: 'bar' | 'line'; stack?: string; data: number[] }[];
}
export interface ShiftSummary {
  start: string;
  end: string;
  totals: ShiftSummaryFigures;
  by_day: ShiftSummaryDay[];
  by_cashier: ShiftSummaryCashier[];
  by_method: ShiftSummaryMethod[];
  chart: ShiftSummaryChart;
}
