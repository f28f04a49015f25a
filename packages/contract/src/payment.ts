import { z } from 'zod';
import { isCalendarDate } from './agent';
import { pageQuery } from './validation/fields';
import { intField, optional, text } from './validation/helpers';

/**
 * Payments (issue 16, decisions 160 and 161): one row per attempt to collect money through an acquirer
 * (a QR code the customer scans, or a cashier page). The payment service (/api/c1) creates, queries,
 * closes and refunds them; the acquirer's signed notification settles them.
 */

/** What a payment pays for; `ref` names the thing (an order number, a member top-up, a link...). */
export const PAYMENT_PURPOSES = ['order', 'topup', 'paylink', 'wallet', 'counter'] as const;
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number];
export const PAYMENT_PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  order: '订单',
  topup: '会员充值',
  paylink: '收款链接',
  wallet: '钱包充值',
  counter: '柜台收款',
};

/** How the customer pays: the app that scans (aggregate = either, through an aggregator's code). */
export const PAYMENT_METHODS = ['wechat', 'alipay', 'aggregate'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethodKind, string> = {
  wechat: '微信支付',
  alipay: '支付宝',
  aggregate: '聚合支付',
};

/** The acquirers behind the provider interface; sandbox is the default and the demo's. */
export const PAYMENT_PROVIDERS = ['sandbox', 'alipay', 'wechatpay', 'sqb'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_STATUSES = ['待支付', '已支付', '已关闭', '已退款', '部分退款'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A hard ceiling of one payment (1,000,000 元); the configured PAYMENT_MAX_FEN is usually lower. */
export const PAYMENT_HARD_MAX_FEN = 100_000_000;

export const PAYMENT_MSG = {
  amount: '支付金额须为大于0的整数分',
  amountYuan: '支付金额须为大于0且最多两位小数的金额',
  amountMissing: '请填写支付金额',
  amountOver: (maxYuan: string) => `单笔支付金额不能超过${maxYuan}元`,
  method: '支付方式不正确',
  purpose: '支付用途不正确',
  ref: '支付用途编号为1-64位字母、数字、下划线或连字符',
  provider: '支付通道不存在或未开通',
  paymentNo: '支付单号不正确',
  notFound: '支付单不存在',
  notPending: '支付单不是待支付状态',
  alreadyPaid: '支付单已支付，不能关闭',
  refundAmount: '退款金额须为大于0的整数分',
  refundOver: '退款金额超过可退金额',
  refundState: '支付单未支付或已全额退款，不能退款',
  refundFailed: '退款失败，请稍后重试',
  requestUsed: '请求编号已被用于另一笔支付',
  expires: '有效期须为1-120分钟',
  payLinkInvalid: '支付链接无效或已失效',
} as const;

const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });

export const paymentNo = z
  .string({ error: PAYMENT_MSG.paymentNo })
  .trim()
  .regex(/^P\d{14}[0-9A-F]{8}$/, { error: PAYMENT_MSG.paymentNo });

/**
 * A payment at the counter. The amount comes as integer fen (`amount_fen`) or as yuan text (`amount`,
 * at most two decimals); exactly one of them.
 */
export const paymentCreateBody = z
  .object({
    purpose: z.enum(PAYMENT_PURPOSES, { error: PAYMENT_MSG.purpose }).default('counter'),
    purpose_ref: optional(
      z
        .string({ error: PAYMENT_MSG.ref })
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: PAYMENT_MSG.ref }),
    ),
    amount_fen: optional(intField(PAYMENT_MSG.amount, 1, PAYMENT_HARD_MAX_FEN)),
    amount: optional(
      z.preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        z
          .string({ error: PAYMENT_MSG.amountYuan })
          .trim()
          .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: PAYMENT_MSG.amountYuan }),
      ),
    ),
    method: z.enum(PAYMENT_METHODS, { error: PAYMENT_MSG.method }),
    subject: optional(text('商品说明最多30个字符', 1, 30)),
    expires_minutes: optional(intField(PAYMENT_MSG.expires, 1, 120)),
    request_id: requestId,
  })
  .refine((b) => (b.amount_fen === undefined) !== (b.amount === undefined), {
    error: PAYMENT_MSG.amountMissing,
    path: ['amount_fen'],
  });
export type PaymentCreateBody = z.infer<typeof paymentCreateBody>;

export const paymentNoQuery = z.object({ payment_no: paymentNo });
export const paymentCloseBody = z.object({ payment_no: paymentNo });

export const paymentRefundBody = z.object({
  payment_no: paymentNo,
  amount_fen: intField(PAYMENT_MSG.refundAmount, 1, PAYMENT_HARD_MAX_FEN),
  reason: optional(text('退款原因最多50个字符', 1, 50)),
  request_id: requestId,
});
export type PaymentRefundBody = z.infer<typeof paymentRefundBody>;

/** A payment as the store reads it. */
export interface PaymentRow {
  payment_no: string;
  netbar_id: number;
  purpose: PaymentPurpose;
  purpose_ref: string;
  subject: string;
  amount_fen: number;
  refunded_fen: number;
  method: PaymentMethodKind;
  provider: string;
  status: PaymentStatus;
  provider_txn_id: string | null;
  qr_payload: string;
  duplicate: boolean;
  paid_at: string | null;
  expires_at: string;
  created_at: string;
}

/** The public pay page (the QR's target): `no` the payment, `s` its link signature. */
export const sandboxPayQuery = z.object({
  no: z
    .string({ error: PAYMENT_MSG.payLinkInvalid })
    .trim()
    .regex(/^P\d{14}[0-9A-F]{8}$/, { error: PAYMENT_MSG.payLinkInvalid }),
  s: z
    .string({ error: PAYMENT_MSG.payLinkInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, { error: PAYMENT_MSG.payLinkInvalid }),
});
export type SandboxPayQuery = z.infer<typeof sandboxPayQuery>;

/** What the public pay page shows: never more than the store's name, the amount and what it is for. */
export interface SandboxPayInfo {
  store_name: string;
  amount_fen: number;
  purpose: PaymentPurpose;
  purpose_label: string;
  subject: string;
  method: PaymentMethodKind;
  /** 待支付 (can pay), 已支付, 已关闭 (closed, cancelled or expired). */
  state: '待支付' | '已支付' | '已关闭';
  expires_at: string;
}

/** The acquirer's daily statement (对账单), one Beijing day. */
export const statementQuery = z.object({
  date: z
    .string({ error: '日期不存在或格式不正确（YYYY-MM-DD）' })
    .trim()
    .refine(isCalendarDate, { error: '日期不存在或格式不正确（YYYY-MM-DD）' }),
  provider: z.enum(PAYMENT_PROVIDERS, { error: PAYMENT_MSG.provider }).default('sandbox'),
});

export const paymentListQuery = pageQuery.extend({
  status: optional(z.enum(PAYMENT_STATUSES, { error: '支付状态不正确' })),
});

/** A store's fixed QR code (decision 162) opens /pay/code/<token>: the customer types the amount. */
export const payCodeQuery = z.object({
  token: z
    .string({ error: PAYMENT_MSG.payLinkInvalid })
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,64}$/, { error: PAYMENT_MSG.payLinkInvalid }),
});
export const payCodeBody = payCodeQuery.extend({
  amount: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: PAYMENT_MSG.amountYuan })
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: PAYMENT_MSG.amountYuan }),
  ),
  method: z.enum(PAYMENT_METHODS, { error: PAYMENT_MSG.method }).default('aggregate'),
  request_id: requestId,
});
export type PayCodeBody = z.infer<typeof payCodeBody>;

/** The sandbox pay link of a payment made from a fixed code. */
export interface PayCodeLink {
  no: string;
  s: string;
}
