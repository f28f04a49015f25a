import type {
  ItemOption,
  OrderCancelBody,
  OrderDetail,
  OrderListPage,
  OrderRefundBody,
  OrderResult,
  Pager,
  ShiftCashier,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** The shopping order list's calls (/order/order_list 264); keys in order-list-keys.ts. */

type Params = Record<string, unknown>;
const clean = (p: Params) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** A fresh idempotency key for one refund (kept by its dialog until it lands). */
export const requestId = () => `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

export const fetchOrders = async (p: Params) => (await http.get<OrderListPage>('order_list', clean(p))).data;
export const exportOrders = (p: Params) => downloadFile('order_list_export', clean(p), '购物订单.xlsx');
/** order_detail answers the order as the writes do (`OrderResult`): its `order` is the detail. */
export const fetchOrder = async (id: number): Promise<OrderDetail> =>
  (await http.get<OrderResult>('order_detail', { id })).data.order;
export const refundOrder = (b: OrderRefundBody) => http.post<OrderResult>('order_refund', b, { json: true });
export const cancelOrder = (b: OrderCancelBody) => http.post<OrderResult>('order_cancel', b);

/** The filter pickers: the store's cashiers, and its goods by SKU. */
export const cashierOptions = async () =>
  (await http.get<ShiftCashier[]>('shift_cashiers')).data.map((c) => ({ value: c.id, label: c.name }));
export const skuOptions = async () =>
  (await http.get<Pager<ItemOption>>('goods_item_options')).data.list
    .filter((i) => i.item_kind === 'goods')
    .map((i) => ({ value: i.item_id, label: i.name }));
