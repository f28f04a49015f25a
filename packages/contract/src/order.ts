import { z } from 'zod';
import { jsonArray, qtyField } from './goods';
import { ID_MAX } from './validation/fields';
import { intField, optional, text } from './validation/helpers';

/**
 * Orders (spec section 2 /order 262, issue 13): one order model for the 收银台, seat orders from a PC,
 * table orders and, later, the mini-program; its lines, payments, refunds and timeline (decision 123).
 */

export const ORDER_STATUSES = [
  'unpaid',
  'paid',
  'preparing',
  'delivered',
  'done',
  'cancelled',
  'part_refunded',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_NAMES: Record<OrderStatus, string> = {
  unpaid: '待支付',
  paid: '已支付',
  preparing: '制作中',
  delivered: '已送达',
  done: '已完成',
  cancelled: '已取消',
  part_refunded: '部分退款',
  refunded: '已退款',
};

export const ORDER_SOURCES = ['counter', 'seat', 'table', 'mini'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];
export const ORDER_SOURCE_LABELS: Record<OrderSource, string> = {
  counter: '收银台',
  seat: '座位下单',
  table: '桌台',
  mini: '小程序',
};

export const ORDER_PAY_METHODS = ['cash', 'member', 'scan'] as const;
export type OrderPayMethod = (typeof ORDER_PAY_METHODS)[number];
export const ORDER_PAY_METHOD_LABELS: Record<OrderPayMethod, string> = {
  cash: '现金',
  member: '会员余额',
  scan: '扫码支付',
};

/** Status moves of an order that is prepared and delivered (seat and table orders). */
export const ORDER_ACTIONS = ['accept', 'prepare', 'deliver', 'finish'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  accept: '接单',
  prepare: '开始制作',
  deliver: '已送达',
  finish: '完成',
};

export const ORDER_EVENT_KINDS = [
  'create',
  'pay',
  'accept',
  'prepare',
  'deliver',
  'finish',
  'cancel',
  'refund',
  'carry',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];
export const ORDER_EVENT_LABELS: Record<OrderEventKind, string> = {
  create: '下单',
  pay: '支付',
  accept: '接单',
  prepare: '制作',
  deliver: '送达',
  finish: '完成',
  cancel: '取消',
  refund: '退款',
  carry: '转交下一班',
};

/** One order: at most 100 lines; one line or one payment at most 100,000 yuan. */
export const ORDER_LINES_MAX = 100;
export const ORDER_AMOUNT_MAX_FEN = 10_000_000;
/**
 * One line at most 999 pieces (as the pricing preview): the pricing engine spreads a bundle promotion
 * over single units, so 100,000,000 pieces ran the server out of memory (a fuzzer's crash).
 */
export const ORDER_LINE_QTY_MAX = 999;
export const orderLineQty = (label: string) =>
  intField(`${label}须为1-${ORDER_LINE_QTY_MAX}之间的整数`, 1, ORDER_LINE_QTY_MAX);

const requestId = z
  .string({ error: '缺少请求编号' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '请求编号为8-64位字母、数字、下划线或连字符' });
const orderId = intField('请选择订单', 1, ID_MAX);
const optId = (msg: string) => optional(intField(msg, 1, ID_MAX));
const remark = optional(text('备注最多200个字符', 1, 200));
const fen = (label: string, min: number) =>
  intField(`${label}须为${min === 0 ? '0' : '0.01'}-100000元之间的金额`, min, ORDER_AMOUNT_MAX_FEN);

export const orderPaymentInput = z.object({
  method: z.enum(ORDER_PAY_METHODS, { error: '请选择支付方式' }),
  amount_fen: fen('支付金额', 1),
  /** Cash only: what the customer handed over (≥ the amount); the change is the difference. */
  tendered_fen: optional(fen('实收金额', 1)),
});
export type OrderPaymentInput = z.infer<typeof orderPaymentInput>;
const payments = jsonArray(orderPaymentInput, '请选择支付方式')
  .refine((a) => a.length >= 1 && a.length <= 3, { error: '支付方式为1-3种' })
  .refine((a) => new Set(a.map((p) => p.method)).size === a.length, { error: '同一支付方式只能出现一次' })
  .refine((a) => a.every((p) => p.tendered_fen === undefined || p.method === 'cash'), {
    error: '只有现金支付可填写实收金额',
  })
  .refine((a) => a.every((p) => p.tendered_fen === undefined || p.tendered_fen >= p.amount_fen), {
    error: '实收金额不能少于应收金额',
  });

/**
 * One order line: a SKU `{ sku_id, qty, price_fen? }` or a goods group (套餐) `{ group_id, qty }` sold at the
 * group's own price (decision 142) — exactly one of the two, the same 1-999 quantity either way.
 */
export const orderLineInput = z
  .object({
    sku_id: optional(intField('请选择商品', 1, ID_MAX)),
    group_id: optional(intField('请选择套餐', 1, ID_MAX)),
    qty: orderLineQty('数量'),
    /** An edited unit price (a line discount): needs the 改价/折扣 grant (2641). SKU lines only. */
    price_fen: optional(fen('单价', 0)),
  })
  .superRefine((l, ctx) => {
    if (l.sku_id === undefined && l.group_id === undefined)
      ctx.addIssue({ code: 'custom', message: '请选择商品' });
    else if (l.sku_id !== undefined && l.group_id !== undefined)
      ctx.addIssue({ code: 'custom', message: '一行只能是商品或套餐其中之一' });
    else if (l.group_id !== undefined && l.price_fen !== undefined)
      ctx.addIssue({ code: 'custom', message: '套餐按套餐价销售，不能改价' });
  });
export type OrderLineInput = z.infer<typeof orderLineInput>;

/** 收银台 ring-up (and a seat or table order): payments present → paid in the same transaction. */
export const orderCreateBody = z.object({
  request_id: requestId,
  source: optional(z.enum(ORDER_SOURCES, { error: '订单来源不正确' })),
  lines: jsonArray(orderLineInput, '请选择商品').refine((a) => a.length >= 1 && a.length <= ORDER_LINES_MAX, {
    error: `商品为1-${ORDER_LINES_MAX}行`,
  }),
  member_id: optId('请选择会员'),
  machine_id: optId('请选择机器'),
  desk_id: optId('请选择桌台'),
  remark,
  payments: optional(payments),
  /** 优惠券 (decision 186): a coupon of the attached member, priced into the order by the server. */
  coupon_id: optId('请选择优惠券'),
});
export type OrderCreateBody = z.infer<typeof orderCreateBody>;

export const orderPayBody = z.object({ order_id: orderId, request_id: requestId, payments });
export type OrderPayBody = z.infer<typeof orderPayBody>;

export const orderCancelBody = z.object({
  order_id: orderId,
  reason: optional(text('原因最多100个字符', 1, 100)),
});
export type OrderCancelBody = z.infer<typeof orderCancelBody>;

export const orderRefundBody = z.object({
  order_id: orderId,
  request_id: requestId,
  reason: text('请填写退款原因（1-100个字符）', 1, 100),
  /** Absent: the whole order (what is left of it). */
  lines: optional(
    jsonArray(
      z.object({ line_id: intField('请选择退款商品', 1, ID_MAX), qty: qtyField('退款数量') }),
      '请选择退款商品',
    )
      .refine((a) => a.length >= 1 && a.length <= ORDER_LINES_MAX, {
        error: `退款商品为1-${ORDER_LINES_MAX}行`,
      })
      .refine((a) => new Set(a.map((l) => l.line_id)).size === a.length, { error: '退款商品不能重复' }),
  ),
});
export type OrderRefundBody = z.infer<typeof orderRefundBody>;

export const orderStatusBody = z.object({
  order_id: orderId,
  action: z.enum(ORDER_ACTIONS, { error: '操作类型不正确' }),
});
export type OrderStatusBody = z.infer<typeof orderStatusBody>;

export const orderDetailQuery = z.object({ id: orderId });

export interface OrderLineRow {
  id: number;
  /** The SKU sold; null on a goods-group (套餐) line. */
  sku_id: number | null;
  /** The goods group (套餐) sold; null on a SKU line (decision 142). */
  group_id: number | null;
  /** A group line: what one group held when sold (each unit of the line takes these); [] on a SKU line. */
  items: OrderGroupItem[];
  /** The SKU's goods name with its spec, or the group's name. */
  name: string;
  qty: number;
  /** What the line was priced at by the store (plans, member price) before any edit. */
  list_fen: number;
  unit_fen: number;
  total_fen: number;
  cost_fen: number;
  refunded_qty: number;
  refunded_fen: number;
  /** The cashier edited the price (line discount). */
  edited: boolean;
}
export interface OrderGroupItem {
  sku_id: number;
  name: string;
  qty: number;
}
export interface OrderPaymentRow {
  id: number;
  method: OrderPayMethod;
  amount_fen: number;
  tendered_fen: number;
  change_fen: number;
  refunded_fen: number;
  at: string;
}
export interface OrderRefundRow {
  id: number;
  refund_no: string;
  amount_fen: number;
  reason: string;
  user_name: string;
  at: string;
  lines: { line_id: number; name: string; qty: number; amount_fen: number }[];
  methods: { method: OrderPayMethod; amount_fen: number }[];
  /** 抹零 (decision 143): the lines' shares minus the money given back (a cash refund gives whole 角). */
  round_fen: number;
}
export interface OrderEventRow {
  id: number;
  at: string;
  kind: OrderEventKind;
  text: string;
  user_name: string;
}
export interface OrderRow {
  id: number;
  order_no: string;
  source: OrderSource;
  status: OrderStatus;
  shift_id: number | null;
  cashier_id: number;
  cashier_name: string;
  member_id: number | null;
  machine_id: number | null;
  desk_id: number | null;
  list_fen: number;
  /** list_fen − total_fen: promotions, edited prices and 抹零. */
  discount_fen: number;
  /** 抹零 (decision 143): the 分 a cash payment could not take, included in discount_fen. */
  round_fen: number;
  /** 优惠券 (decision 186): the coupon the order used (null: none) and what it took off, in discount_fen. */
  coupon_id?: number | null;
  coupon_name?: string;
  coupon_fen?: number;
  total_fen: number;
  paid_fen: number;
  refunded_fen: number;
  remark: string;
  created_at: string;
  paid_at: string | null;
}
export interface OrderDetail extends OrderRow {
  lines: OrderLineRow[];
  payments: OrderPaymentRow[];
  refunds: OrderRefundRow[];
  events: OrderEventRow[];
}
/** What ringing up, paying, refunding or cancelling answers: the order as it is now. */
export interface OrderResult {
  order: OrderDetail;
  replay: boolean;
  /** Change to give back for a cash payment (fen). */
  change_fen: number;
  warnings: string[];
}
