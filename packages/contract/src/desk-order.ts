import { z } from 'zod';
import { DESK_LIMITS, type DeskKind, type DeskRow } from './desk';
import { customerMobile, customerName, day, optId, remark, requestId } from './desk-fields';
import { jsonArray, MONEY_MAX_FEN } from './goods';
import { orderLineQty } from './order';
import { ID_MAX, pageQuery } from './validation/fields';
import { emptyToUndefined, intField, numberFromForm, optional, text } from './validation/helpers';

/**
 * Table orders (/order/desk_order_list 265): a desk session opened at the counter (from a booking or a
 * walk-in), goods ordered to it, settled at the end (issue 13 item 4; docs/decisions/130-desk-sessions.md).
 */

// sessions (table orders)

export const DESK_SESSION_STATUSES = ['open', 'settled', 'cancelled'] as const;
export type DeskSessionStatus = (typeof DESK_SESSION_STATUSES)[number];
export const DESK_SESSION_STATUS_LABEL: Record<DeskSessionStatus, string> = {
  open: '进行中',
  settled: '已结账',
  cancelled: '已取消',
};

export const DESK_PAY_METHODS = ['cash', 'member', 'scan'] as const;
export type DeskPayMethod = (typeof DESK_PAY_METHODS)[number];
export const DESK_PAY_METHOD_LABEL: Record<DeskPayMethod, string> = {
  cash: '现金',
  member: '会员余额',
  scan: '扫码支付',
};

export const deskOpenBody = z.object({
  request_id: requestId,
  desk_id: intField('请选择包间/桌台', 1, ID_MAX),
  /** Opened from this booking (the customer arrived); absent: a walk-in. */
  booking_id: optId(),
  member_id: optId('请选择会员'),
  customer_name: customerName,
  mobile: customerMobile,
  guests: optional(intField(`人数须为1-${DESK_LIMITS.capacityMax}的整数`, 1, DESK_LIMITS.capacityMax)),
  remark,
});
export type DeskOpenBody = z.infer<typeof deskOpenBody>;

const sessionId = intField('请选择桌台订单', 1, ID_MAX);

/** Goods ordered to the open table: an order of the orders module (source 'table'), paid at settlement. */
export const deskGoodsBody = z.object({
  request_id: requestId,
  session_id: sessionId,
  lines: jsonArray(
    z.object({ sku_id: intField('请选择商品', 1, ID_MAX), qty: orderLineQty('数量') }),
    '请选择商品',
  ).refine((a) => a.length >= 1 && a.length <= 100, { error: '商品为1-100行' }),
  remark,
});
export type DeskGoodsBody = z.infer<typeof deskGoodsBody>;

export const deskSettleBody = z.object({
  request_id: requestId,
  session_id: sessionId,
  method: z.enum(DESK_PAY_METHODS, { error: '请选择支付方式' }),
  /** Cash handed over (现金): at least the amount due; the change is shown, the till books the amount due. */
  tendered_fen: z.preprocess(
    (v) => numberFromForm(emptyToUndefined(v)),
    z
      .number({ error: '实收金额须为0-1000000元之间的金额' })
      .int({ error: '实收金额须为0-1000000元之间的金额' })
      .min(0, { error: '实收金额须为0-1000000元之间的金额' })
      .max(MONEY_MAX_FEN, { error: '实收金额须为0-1000000元之间的金额' })
      .optional(),
  ),
  remark,
});
export type DeskSettleBody = z.infer<typeof deskSettleBody>;

export const deskSessionCancelBody = z.object({
  session_id: sessionId,
  reason: text('请填写取消原因（1-100个字符）', 1, DESK_LIMITS.remarkMax),
});
export const deskSessionQuery = z.object({ session_id: sessionId });

export const deskOrderListQuery = pageQuery.extend({
  start: optional(day('开始日期格式为YYYY-MM-DD')),
  end: optional(day('结束日期格式为YYYY-MM-DD')),
  desk_id: optId(),
  status: optional(z.enum(DESK_SESSION_STATUSES, { error: '参数错误' })),
  cashier_id: optId(),
});
export type DeskOrderListQuery = z.infer<typeof deskOrderListQuery>;

/**
 * The bill of a desk session (decision 130). Billed minutes are the elapsed time rounded up to whole
 * minutes; the time fee is minutes × hourly rate / 60, rounded up to the fen. When time fee plus goods
 * stay under the minimum spend, the difference is charged as 低消补足 (the goods count towards it).
 */
export interface DeskBill {
  minutes: number;
  hourly_fen: number;
  time_fee_fen: number;
  goods_fen: number;
  min_spend_fen: number;
  /** 低消补足: min_spend − (time fee + goods) when positive, else 0. */
  min_topup_fen: number;
  /** What the desk itself charges: time fee + 低消补足 (booked in the till as kind 'desk'). */
  desk_fee_fen: number;
  total_fen: number;
}

export function deskBill(p: {
  minutes: number;
  hourly_fen: number;
  min_spend_fen: number;
  goods_fen: number;
}): DeskBill {
  const minutes = Math.max(0, Math.ceil(p.minutes));
  const time_fee_fen = Math.ceil((minutes * p.hourly_fen) / 60);
  const min_topup_fen = Math.max(0, p.min_spend_fen - time_fee_fen - p.goods_fen);
  const desk_fee_fen = time_fee_fen + min_topup_fen;
  return {
    minutes,
    hourly_fen: p.hourly_fen,
    time_fee_fen,
    goods_fen: p.goods_fen,
    min_spend_fen: p.min_spend_fen,
    min_topup_fen,
    desk_fee_fen,
    total_fen: desk_fee_fen + p.goods_fen,
  };
}

/** The bill of one session as the counter sees it (now while open; as settled once closed). */
export interface DeskBillAnswer extends DeskBill {
  session_id: number;
  session_no: string;
  desk_name: string;
  opened_at: string;
  status: DeskSessionStatus;
  /** Goods orders still unpaid: they are paid with the settlement. */
  goods_due_fen: number;
  /** What the customer pays at settlement: the desk fee plus the unpaid goods. */
  due_fen: number;
  /** 抹零 of a cash settlement (decision 143: cash in whole 角); 0 while open and for other methods. */
  round_fen: number;
}
/** The answer of a settlement: the bill, what was handed over and the change (cash). */
export interface DeskSettleDone extends DeskBillAnswer {
  pay_method: DeskPayMethod;
  tendered_fen: number;
  change_fen: number;
}

/** Billed minutes between two instants: whole minutes, a started minute counts. */
export const billedMinutes = (fromMs: number, toMs: number) =>
  Math.max(0, Math.ceil((toMs - fromMs) / 60_000));

export interface DeskOrderRow {
  id: number;
  session_no: string;
  desk_id: number;
  desk_name: string;
  desk_kind: DeskKind;
  booking_id: number | null;
  member_id: number | null;
  member_name: string;
  customer_name: string;
  mobile: string;
  guests: number;
  status: DeskSessionStatus;
  opened_at: string;
  closed_at: string;
  minutes: number;
  time_fee_fen: number;
  min_topup_fen: number;
  goods_fen: number;
  total_fen: number;
  /** 抹零 of a cash settlement: the customer paid total_fen − round_fen (decision 143). */
  round_fen: number;
  pay_method: DeskPayMethod | '';
  cashier_id: number;
  cashier_name: string;
  remark: string;
}

/** Sums of the filtered list (the screen's 合计 and the export's last row). */
export interface DeskOrderTotals {
  time_fee_fen: number;
  min_topup_fen: number;
  goods_fen: number;
  total_fen: number;
  round_fen: number;
}

export interface DeskGoodsLine {
  name: string;
  qty: number;
  unit_fen: number;
  total_fen: number;
}
export interface DeskGoodsOrder {
  order_id: number;
  order_no: string;
  status: string;
  total_fen: number;
  created_at: string;
  lines: DeskGoodsLine[];
}
export interface DeskPayment {
  kind: string;
  method: string;
  amount_fen: number;
  at: string;
  user_name: string;
}
export interface DeskOrderDetail extends DeskOrderRow {
  /** The settled bill, or the bill as of now while the table is open. */
  bill: DeskBill;
  goods: DeskGoodsOrder[];
  payments: DeskPayment[];
  cancel_reason: string;
}

/** The counter's board: every enabled desk with what is on it now. */
export const DESK_STATES = ['free', 'in_use', 'booked', 'disabled'] as const;
export type DeskState = (typeof DESK_STATES)[number];
export const DESK_STATE_LABEL: Record<DeskState, string> = {
  free: '空闲',
  in_use: '使用中',
  booked: '已预订',
  disabled: '停用',
};
export interface DeskBoardRow extends DeskRow {
  state: DeskState;
  session: { id: number; session_no: string; opened_at: string; customer: string; goods_fen: number } | null;
  /** The next booking still to come (or running now) of the desk. */
  next_booking: { id: number; start_at: string; end_at: string; customer: string } | null;
}
