import { z } from 'zod';
import { isCalendarDate } from './agent';
import {
  ORDER_SOURCES,
  ORDER_STATUSES,
  type OrderRow,
  ORDER_PAY_METHODS as PAY_METHODS,
  type OrderPayMethod as PayMethod,
} from './order';
import { cursorField } from './stock';
import { ID_MAX, pageQuery } from './validation/fields';
import { intField, optional, text } from './validation/helpers';

/**
 * 购物订单列表 (/order/order_list 264; issue 13 item 2, decision 133): filters, the page's rows and the
 * 合计 over the whole filter, the same query for the xlsx export.
 */

/** A day that exists: 2024-02-30 is refused here with a Chinese message, never by the database. */
const day = optional(
  z
    .string({ error: '日期格式为YYYY-MM-DD' })
    .trim()
    .refine(isCalendarDate, { error: '日期不存在或格式不正确（YYYY-MM-DD）' }),
);
const optId = (msg: string) => optional(intField(msg, 1, ID_MAX));

/** The list's filters (the export takes the same, without paging). */
export const orderListFilter = z.object({
  /** Ordered on or after this day (CST), on or before `end`. */
  start: day,
  end: day,
  status: optional(z.enum(ORDER_STATUSES, { error: '订单状态不正确' })),
  source: optional(z.enum(ORDER_SOURCES, { error: '订单来源不正确' })),
  /** Orders with a payment by this method. */
  pay_method: optional(z.enum(PAY_METHODS, { error: '支付方式不正确' })),
  cashier_id: optId('收银员参数错误'),
  member_id: optId('会员参数错误'),
  /** A member's card number or mobile (exact). */
  member: optional(text('会员卡号或手机号为1-32个字符', 1, 32)),
  /** Orders with a line of this SKU, or of any SKU of this goods. */
  sku_id: optId('商品参数错误'),
  goods_id: optId('商品参数错误'),
  /** The order number, exact. */
  order_no: optional(
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,32}$/, { error: '订单号为1-32位字母或数字' }),
  ),
});
export type OrderListFilter = z.infer<typeof orderListFilter>;

const dayOrder = (v: { start?: string; end?: string }) => !v.start || !v.end || v.start <= v.end;
const DAY_ORDER = { error: '开始日期不能晚于结束日期' };

export const orderListQuery = pageQuery
  .extend(orderListFilter.shape)
  /** Rows after this cursor (created_at desc, id desc): the `next` of the previous page (decision 060). */
  .extend({ after: cursorField })
  .refine(dayOrder, DAY_ORDER);
export type OrderListQuery = z.infer<typeof orderListQuery>;

export const orderExportQuery = orderListFilter.refine(dayOrder, DAY_ORDER);
export type OrderExportQuery = z.infer<typeof orderExportQuery>;

/** One order of the list: the order with the names the page shows. */
export interface OrderListRow extends OrderRow {
  member_name: string;
  member_card: string;
  machine_name: string;
  /** The methods it was paid by, in payment order. */
  pay_methods: PayMethod[];
  /** 商品: the first lines' names with quantities (可乐×2、泡面×1 等5件). */
  items: string;
  /** Pieces in the order. */
  qty: number;
}

/** 合计 over the whole filter (not only the page); the export's last row shows the same figures. */
export interface OrderListTotals {
  count: number;
  total_fen: number;
  paid_fen: number;
  refunded_fen: number;
  /** 实收 = paid − refunded. */
  net_fen: number;
}

export interface OrderListPage {
  list: OrderListRow[];
  page: number;
  page_size: number;
  count: number;
  /** Cursor of the next page (null: none). */
  next: string | null;
  /** The count and totals come from a cache refreshed each minute (above 10,000 orders, decision 067). */
  estimated: boolean;
  totals: OrderListTotals;
}
