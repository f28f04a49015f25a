import { z } from 'zod';
import { reportDay, reportPageFields } from './report-query';
import { shanghaiDate } from './shanghai-time';
import { emptyToUndefined } from './validation/helpers';

/**
 * Daily reconciliation (issue 16 item 6, decision 168): a provider's statement of a Beijing day compared
 * with our payments and refunds, for the payment company (/merchantManage/reconcile 6130).
 */
export const RECONCILE_MSG = {
  day: '请选择对账日期',
  future: '对账日期不能晚于今天',
  provider: '请选择支付通道',
  unknownProvider: '未知的支付通道',
  kind: '差异类型不正确',
  run: '对账记录不存在',
  busy: '该日期正在对账，请稍后再试',
} as const;

export const DIFF_KINDS = ['missing_ours', 'missing_theirs', 'amount', 'status'] as const;
export type DiffKind = (typeof DIFF_KINDS)[number];
export const DIFF_KIND_LABELS: Record<DiffKind, string> = {
  missing_ours: '我方缺失（通道有、我方无）',
  missing_theirs: '通道缺失（我方有、通道无）',
  amount: '金额不符',
  status: '状态不符',
};
export const LINE_KIND_LABELS = { pay: '支付', refund: '退款' } as const;

const providerName = z
  .string({ error: RECONCILE_MSG.provider })
  .trim()
  .min(1, { error: RECONCILE_MSG.provider, abort: true })
  .max(30, { error: RECONCILE_MSG.unknownProvider })
  .regex(/^[a-z0-9_-]+$/, { error: RECONCILE_MSG.unknownProvider });

/** A day up to today (Beijing). */
const reconcileDay = reportDay(RECONCILE_MSG.day).refine((d) => d <= shanghaiDate(), {
  error: RECONCILE_MSG.future,
});

/** 重新对账: run (again) one day of one provider. */
export const reconcileRunBody = z.object({ day: reconcileDay, provider: providerName });
export type ReconcileRunBody = z.infer<typeof reconcileRunBody>;

const optionalText = (max: number, msg: string) =>
  z.preprocess(emptyToUndefined, z.string({ error: msg }).trim().max(max, { error: msg }).optional());

export const reconcileListQuery = z.object({
  provider: z.preprocess(emptyToUndefined, providerName.optional()),
  day: z.preprocess(emptyToUndefined, reconcileDay.optional()),
  ...reportPageFields,
});
export type ReconcileListQuery = z.infer<typeof reconcileListQuery>;

export const reconcileDiffQuery = z.object({
  run_id: z.preprocess(
    (v) => (typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : v),
    z
      .number({ error: RECONCILE_MSG.run })
      .int({ error: RECONCILE_MSG.run })
      .min(1, { error: RECONCILE_MSG.run }),
  ),
  kind: z.preprocess(emptyToUndefined, z.enum(DIFF_KINDS, { error: RECONCILE_MSG.kind }).optional()),
  keyword: optionalText(64, '单号最多64个字符'),
  ...reportPageFields,
});
export type ReconcileDiffQuery = z.infer<typeof reconcileDiffQuery>;

export interface ReconcileRun {
  id: number;
  day: string;
  provider: string;
  status: '进行中' | '已完成' | '失败';
  statement_lines: number;
  matched: number;
  missing_ours: number;
  missing_theirs: number;
  amount_mismatch: number;
  status_mismatch: number;
  their_pay_fen: number;
  their_refund_fen: number;
  our_pay_fen: number;
  our_refund_fen: number;
  error: string;
  started_at: string;
  finished_at: string | null;
}

export interface ReconcileDiff {
  id: number;
  kind: DiffKind;
  line_kind: 'pay' | 'refund';
  payment_no: string;
  refund_no: string;
  txn_id: string;
  netbar_name: string;
  our_amount_fen: number | null;
  their_amount_fen: number | null;
  our_status: string;
  at: string | null;
}

export interface ReconcileDiffPage {
  list: ReconcileDiff[];
  page: number;
  page_size: number;
  count: number;
  run: ReconcileRun;
}
