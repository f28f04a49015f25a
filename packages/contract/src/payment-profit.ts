import { z } from 'zod';
import { PAYMENT_METHODS, type PaymentMethodKind } from './payment';
import { reportDay, reportPageFields, withPeriodChecks } from './report-query';
import { ID_MAX } from './validation/fields';
import { emptyToUndefined, numberFromForm } from './validation/helpers';

/**
 * 支付分润 (issue 16 item 7, decision 171): an agent earns a share of the fees on its netbars' scan
 * payments. The administrator sets, per payment method, the fee rate (手续费率, 万分之) and the agent's
 * share of that fee (分润比例, 万分之). A daily job settles each Beijing day once: per netbar and method,
 * the volume paid minus refunds, the fee and the agent's share. The agent sees its records at
 * /myWallet/paymentProfit (196), the payment company every agent's at /merchantManage/payment_profit (6140).
 */
export const PROFIT_MSG = {
  method: '支付方式不正确',
  feeRate: '手续费率须在0%到10%之间，最多两位小数',
  shareRate: '分润比例须在0%到100%之间，最多两位小数',
  agent: '代理商参数错误',
  record: '分润记录不存在',
  day: '请选择结算日期',
  future: '结算日期须早于今天（当天结束后才能结算）',
} as const;

/** The largest fee rate, in 万分之 (10%). */
export const PROFIT_FEE_RATE_MAX_BP = 1000;

const bp = (max: number, msg: string) =>
  z.preprocess(
    (v) => numberFromForm(emptyToUndefined(v)),
    z.number({ error: msg }).int({ error: msg }).min(0, { error: msg }).max(max, { error: msg }),
  );

/** 设置分润费率: one method's fee rate and share, both in 万分之 (38 = 0.38%). */
export const profitRateBody = z.object({
  method: z.enum(PAYMENT_METHODS, { error: PROFIT_MSG.method }),
  fee_rate_bp: bp(PROFIT_FEE_RATE_MAX_BP, PROFIT_MSG.feeRate),
  share_bp: bp(10_000, PROFIT_MSG.shareRate),
});
export type ProfitRateBody = z.infer<typeof profitRateBody>;

export interface ProfitRate {
  method: PaymentMethodKind;
  fee_rate_bp: number;
  share_bp: number;
  updated_by: string;
  updated_at: string | null;
}

const optionalId = (msg: string) =>
  z.preprocess(
    (v) => numberFromForm(emptyToUndefined(v)),
    z
      .number({ error: msg })
      .int({ error: msg })
      .min(1, { error: msg })
      .max(ID_MAX, { error: msg })
      .optional(),
  );

const listShape = {
  start: reportDay('请选择开始日期'),
  end: reportDay('请选择结束日期'),
  method: z.preprocess(emptyToUndefined, z.enum(PAYMENT_METHODS, { error: PROFIT_MSG.method }).optional()),
  /** The payment company's pick (agents and their staff always see their own). */
  agent_id: optionalId(PROFIT_MSG.agent),
  netbar_id: optionalId('网吧参数错误'),
};

/** The settlement records of a period (both days included, at most 366, not after today). */
export const profitListQuery = withPeriodChecks(z.object({ ...listShape, ...reportPageFields }));
export type ProfitListQuery = z.infer<typeof profitListQuery>;
export const profitExportQuery = withPeriodChecks(z.object(listShape));
export type ProfitExportQuery = z.infer<typeof profitExportQuery>;

/** The payments and refunds behind one record. */
export const profitDetailQuery = z.object({
  record_id: z.preprocess(
    (v) => numberFromForm(emptyToUndefined(v)),
    z
      .number({ error: PROFIT_MSG.record })
      .int({ error: PROFIT_MSG.record })
      .min(1, { error: PROFIT_MSG.record })
      .max(Number.MAX_SAFE_INTEGER, { error: PROFIT_MSG.record }),
  ),
  ...reportPageFields,
});
export type ProfitDetailQuery = z.infer<typeof profitDetailQuery>;

export interface ProfitRecord {
  id: number;
  day: string;
  agent_id: number;
  agent_name: string;
  netbar_id: number;
  netbar_name: string;
  method: PaymentMethodKind;
  pay_count: number;
  pay_fen: number;
  refund_count: number;
  refund_fen: number;
  /** Refunds of payments settled on an earlier day, carried into this record (included in refund_fen). */
  carried_refund_count: number;
  carried_refund_fen: number;
  net_fen: number;
  fee_rate_bp: number;
  share_bp: number;
  fee_fen: number;
  profit_fen: number;
  note: string;
  settled_at: string;
}

export interface ProfitTotals {
  pay_count: number;
  pay_fen: number;
  refund_fen: number;
  net_fen: number;
  fee_fen: number;
  profit_fen: number;
}

export interface ProfitPage {
  list: ProfitRecord[];
  page: number;
  page_size: number;
  count: number;
  totals: ProfitTotals;
}

/** A payment or a refund behind a record. */
export interface ProfitDetailRow {
  kind: 'pay' | 'refund';
  payment_no: string;
  refund_no: string;
  amount_fen: number;
  /** A refund: the day its payment was paid (a carried refund's is before the record's day). */
  paid_day: string;
  at: string;
  subject: string;
}

/** 分润 as a percent text: 38 → '0.38%'. */
export const bpToPercent = (v: number) => `${(v / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
