import { z } from 'zod';
import { intField, optional, text } from './validation/helpers';

/**
 * Scan-to-pay at the counter (issue 16 item 3, decision 169): the cashier shows a QR for an unpaid order
 * or a member top-up; the customer pays it; the acquirer's notification (or the query after 5 s) settles
 * it, and only then is the order paid (stock taken) or the member credited. A cancel closes the payment.
 */

/** The store's online pay types the cashier may offer (payment_settings decides which are on). */
export const COUNTER_SCAN_TYPES = ['wechat', 'alipay', 'aggregate', 'unionpay'] as const;
export type CounterScanType = (typeof COUNTER_SCAN_TYPES)[number];

export const COUNTER_SCAN_MSG = {
  payType: '请选择扫码支付方式',
  notOffered: '本店收银台未启用该支付方式',
  orderId: '请选择订单',
  memberId: '请选择会员',
  amount: '充值金额须为0.01-100000元',
  zero: '应收金额为0，无需扫码支付',
  notUnpaid: '订单不是待支付状态',
  waiting: '该订单正在等待顾客扫码付款',
  notFound: '扫码收款记录不存在',
  alreadyPaid: '顾客已付款，不能取消',
  requestUsed: '请求编号已被用于另一笔扫码收款',
  authCode: '付款码为16-24位数字，请用扫码枪扫描顾客的付款码',
  authCodeKind: '无法识别的付款码（仅支持微信、支付宝付款码）',
} as const;

const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });
const payType = z.enum(COUNTER_SCAN_TYPES, { error: COUNTER_SCAN_MSG.payType });
const paymentNo = z
  .string({ error: '支付单号不正确' })
  .trim()
  .regex(/^P\d{14}[0-9A-F]{8}$/, { error: '支付单号不正确' });

/** 扫码支付 of an unpaid order: the whole amount due, one QR. */
export const orderScanBody = z.object({
  order_id: intField(COUNTER_SCAN_MSG.orderId, 1, 2 ** 53 - 1),
  pay_type: payType,
  request_id: requestId,
});
export type OrderScanBody = z.infer<typeof orderScanBody>;

/** 会员充值 paid by scan: credited only when the payment settles. */
export const topupScanBody = z.object({
  member_id: intField(COUNTER_SCAN_MSG.memberId, 1, 2 ** 31 - 1),
  amount_fen: intField(COUNTER_SCAN_MSG.amount, 1, 10_000_000),
  pay_type: payType,
  request_id: requestId,
  remark: optional(text('备注最多100个字符', 1, 100)),
});
export type TopupScanBody = z.infer<typeof topupScanBody>;

/**
 * 付款码 (micropay, decision 182): the customer's code, read by a barcode scanner at the counter (typed +
 * Enter), charges the order's whole amount; WeChat codes start 10-15, Alipay's 25-30.
 */
export const orderMicropayBody = z.object({
  order_id: intField(COUNTER_SCAN_MSG.orderId, 1, 2 ** 53 - 1),
  auth_code: z
    .string({ error: COUNTER_SCAN_MSG.authCode })
    .trim()
    .regex(/^\d{16,24}$/, { error: COUNTER_SCAN_MSG.authCode }),
  request_id: requestId,
});
export type OrderMicropayBody = z.infer<typeof orderMicropayBody>;

/** The pay type a 付款码 belongs to, by its first two digits (null: neither WeChat's nor Alipay's). */
export function authCodeType(code: string): 'wechat' | 'alipay' | null {
  const head = Number(code.slice(0, 2));
  if (head >= 10 && head <= 15) return 'wechat';
  if (head >= 25 && head <= 30) return 'alipay';
  return null;
}

/** A table's bill paid by scan (decision 182): the bill as of now, settled when the payment settles. */
export const deskScanBody = z.object({
  session_id: intField('请选择桌台订单', 1, 2 ** 53 - 1),
  pay_type: payType,
  request_id: requestId,
});
export type DeskScanBody = z.infer<typeof deskScanBody>;

export const counterScanQuery = z.object({ payment_no: paymentNo });
export const counterScanCancelBody = z.object({
  payment_no: paymentNo,
  reason: optional(text('原因最多100个字符', 1, 100)),
});
export type CounterScanCancelBody = z.infer<typeof counterScanCancelBody>;

/** waiting 等待付款, paid 已支付, cancelled 已取消 (closed, or expired unpaid). */
export const COUNTER_SCAN_STATUSES = ['waiting', 'paid', 'cancelled'] as const;
export type CounterScanStatus = (typeof COUNTER_SCAN_STATUSES)[number];
export const COUNTER_SCAN_STATUS_LABELS: Record<CounterScanStatus, string> = {
  waiting: '等待付款',
  paid: '已支付',
  cancelled: '已取消',
};

/** One QR shown at the counter, as the cashier's screen polls it. */
export interface CounterScanRow {
  payment_no: string;
  purpose: 'order' | 'topup' | 'desk';
  order_id: number | null;
  member_id: number | null;
  /** A table's bill (purpose desk, decision 182). */
  desk_session_id?: number | null;
  amount_fen: number;
  pay_type: CounterScanType;
  status: CounterScanStatus;
  status_label: string;
  /** What the QR holds (the sandbox's pay page URL, or the acquirer's code). */
  qr_payload: string;
  expires_at: string;
  created_at: string;
}
