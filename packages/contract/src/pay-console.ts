import { z } from 'zod';
import { isCalendarDate } from './agent';
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethodKind,
  type PaymentPurpose,
  type PaymentStatus,
  paymentNo,
} from './payment';
import { periodDays } from './report-query';
import { cursorField } from './stock';
import { ID_MAX } from './validation/fields';
import { intField, optional, text } from './validation/helpers';

/**
 * 交易查询 (/merchantManage/trade 6150; issue 16 item 5, decision 172): the payment company searches the
 * payments of every store, opens one (its notifications, refunds and refund requests), exports them; a
 * store asks for a refund of one of its scan payments (退款申请) and the payment company approves it
 * (refunded through the provider) or rejects it with a reason.
 */

export const TRADE_MAX_DAYS = 366;

export const TRADE_MSG = {
  reversed: '开始日期不能晚于结束日期',
  tooLong: `查询范围不能超过${TRADE_MAX_DAYS}天`,
  amountYuan: '金额须为最多两位小数的非负数',
  amountReversed: '最小金额不能大于最大金额',
  txnId: '通道交易号为1-64位字母、数字、下划线或连字符',
  store: '门店参数错误',
  notFound: '支付单不存在',
  requestNotFound: '退款申请不存在',
  reason: '请填写退款原因（1-50个字符）',
  rejectReason: '请填写驳回原因（1-50个字符）',
  notRefundable: '该支付单未支付或已全额退款，不能申请退款',
  over: '退款金额超过可退金额',
  pending: '该支付单已有待审核的退款申请',
  decided: '该退款申请已处理',
  requestUsed: '请求编号已被用于另一笔退款申请',
} as const;

export const REFUND_REQUEST_STATUSES = ['待审核', '已退款', '已驳回'] as const;
export type RefundRequestStatus = (typeof REFUND_REQUEST_STATUSES)[number];

const day = optional(
  z
    .string({ error: '日期格式为YYYY-MM-DD' })
    .trim()
    .refine(isCalendarDate, { error: '日期不存在或格式不正确（YYYY-MM-DD）' }),
);
const yuan = optional(
  z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: TRADE_MSG.amountYuan })
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: TRADE_MSG.amountYuan }),
  ),
);
const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });

/** The search's filters (the export takes the same, without paging). Days are Beijing days of 创建时间. */
export const tradeFilterShape = {
  payment_no: optional(
    z
      .string({ error: '支付单号不正确' })
      .trim()
      .regex(/^[A-Za-z0-9]{1,32}$/, { error: '支付单号不正确' }),
  ),
  txn_id: optional(
    z
      .string({ error: TRADE_MSG.txnId })
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: TRADE_MSG.txnId }),
  ),
  netbar_id: optional(intField(TRADE_MSG.store, 1, ID_MAX)),
  method: optional(z.enum(PAYMENT_METHODS, { error: '支付方式不正确' })),
  status: optional(z.enum(PAYMENT_STATUSES, { error: '支付状态不正确' })),
  start: day,
  end: day,
  min_amount: yuan,
  max_amount: yuan,
  /** Only payments with a refund request in this state. */
  request_status: optional(z.enum(REFUND_REQUEST_STATUSES, { error: '退款申请状态不正确' })),
};

type FilterIn = {
  start?: string;
  end?: string;
  min_amount?: string;
  max_amount?: string;
};
function filterChecks(v: FilterIn, ctx: z.RefinementCtx) {
  if (v.start && v.end) {
    if (v.start > v.end) ctx.addIssue({ code: 'custom', message: TRADE_MSG.reversed, path: ['end'] });
    else if (periodDays(v.start, v.end) > TRADE_MAX_DAYS)
      ctx.addIssue({ code: 'custom', message: TRADE_MSG.tooLong, path: ['end'] });
  }
  if (v.min_amount && v.max_amount && Number(v.min_amount) > Number(v.max_amount))
    ctx.addIssue({ code: 'custom', message: TRADE_MSG.amountReversed, path: ['max_amount'] });
}

export const tradeExportQuery = z.object(tradeFilterShape).superRefine(filterChecks);
export type TradeExportQuery = z.infer<typeof tradeExportQuery>;

export const tradeListQuery = z
  .object({
    ...tradeFilterShape,
    page_size: optional(intField('每页条数为1-100', 1, 100)),
    /** Rows after this cursor (created_at desc, id desc): the `next` of the previous page (decision 060). */
    after: cursorField,
  })
  .superRefine(filterChecks);
export type TradeListQuery = z.infer<typeof tradeListQuery>;

/** One payment of the search. */
export interface TradeRow {
  payment_no: string;
  netbar_id: number;
  netbar_name: string;
  purpose: PaymentPurpose;
  subject: string;
  amount_fen: number;
  refunded_fen: number;
  method: PaymentMethodKind;
  provider: string;
  status: PaymentStatus;
  provider_txn_id: string | null;
  duplicate: boolean;
  paid_at: string | null;
  created_at: string;
  /** The latest refund request's state, '' when none. */
  request_status: RefundRequestStatus | '';
}

export interface TradeTotals {
  count: number;
  amount_fen: number;
  refunded_fen: number;
}

export interface TradePage {
  list: TradeRow[];
  next: string | null;
  totals: TradeTotals;
}

export interface TradeNotification {
  received_at: string;
  outcome: 'settled' | 'repeated' | 'duplicate' | 'refused';
  verified: boolean;
  reason: string;
  provider_txn_id: string | null;
  amount_fen: number | null;
  ip: string;
}

export interface TradeRefund {
  refund_no: string;
  amount_fen: number;
  status: '处理中' | '成功' | '失败';
  reason: string;
  automatic: boolean;
  provider_refund_id: string | null;
  created_at: string;
  done_at: string | null;
}

export interface RefundRequestRow {
  id: number;
  payment_no: string;
  netbar_id: number;
  netbar_name: string;
  payment_amount_fen: number;
  amount_fen: number;
  reason: string;
  status: RefundRequestStatus;
  reject_reason: string;
  refund_no: string;
  requested_by_name: string;
  created_at: string;
  decided_at: string | null;
}

export interface TradeDetail {
  payment: TradeRow & { purpose_ref: string; expires_at: string };
  notifications: TradeNotification[];
  refunds: TradeRefund[];
  requests: RefundRequestRow[];
}

export const tradeDetailQuery = z.object({ payment_no: paymentNo });

/** A store asks for a refund of one of its payments. */
export const refundRequestBody = z.object({
  payment_no: paymentNo,
  amount: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z
      .string({ error: '退款金额须为大于0且最多两位小数的金额' })
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, { error: '退款金额须为大于0且最多两位小数的金额' })
      .refine((s) => Number(s) > 0, { error: '退款金额须为大于0且最多两位小数的金额' }),
  ),
  reason: text(TRADE_MSG.reason, 1, 50),
  request_id: requestId,
});
export type RefundRequestBody = z.infer<typeof refundRequestBody>;

const requestIdField = intField(TRADE_MSG.requestNotFound, 1, ID_MAX);

export const refundApproveBody = z.object({ id: requestIdField, request_id: requestId });
export type RefundApproveBody = z.infer<typeof refundApproveBody>;

export const refundRejectBody = z.object({
  id: requestIdField,
  reject_reason: text(TRADE_MSG.rejectReason, 1, 50),
});
export type RefundRejectBody = z.infer<typeof refundRejectBody>;

export const refundRequestListQuery = z.object({
  status: optional(z.enum(REFUND_REQUEST_STATUSES, { error: '退款申请状态不正确' })),
  page: optional(intField('页码参数错误', 1, 100_000)),
  page_size: optional(intField('每页条数为1-100', 1, 100)),
});
export type RefundRequestListQuery = z.infer<typeof refundRequestListQuery>;
