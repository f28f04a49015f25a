import type {
  DeskBillAnswer,
  DeskBoardRow,
  DeskBookingBody,
  DeskBookingRow,
  DeskGoodsBody,
  DeskOpenBody,
  DeskOrderDetail,
  DeskOrderRow,
  DeskOrderTotals,
  DeskRow,
  DeskSaveBody,
  DeskSettleBody,
  DeskSettleDone,
  ItemOption,
  Pager,
  ShiftCashier,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** The private room calls (application private_room 10521, table orders 265); keys in desk-keys.ts. */

type Params = Record<string, unknown>;
const clean = (p: Params) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** A fresh idempotency key for one booking, open, goods order or settlement (kept until it lands). */
export const requestId = () => `d${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

export const fetchDesks = async (p: Params) => (await http.get<Pager<DeskRow>>('desk_list', clean(p))).data;
export const saveDesk = (b: DeskSaveBody) => http.post<DeskRow>('desk_save', b);
export const deleteDesk = (id: number) => http.post('desk_delete', { id });

export const fetchBoard = async () => (await http.get<Pager<DeskBoardRow>>('desk_board')).data.list;
export const fetchBookings = async (date: string) =>
  (await http.get<Pager<DeskBookingRow>>('desk_booking_list', { date, page: 1, page_size: 500 })).data.list;
export const book = (b: DeskBookingBody) => http.post<DeskBookingRow>('desk_booking_save', b);
export const cancelBooking = (b: { id: number; reason?: string }) => http.post('desk_booking_cancel', b);
export const noShow = (id: number) => http.post('desk_booking_no_show', { id });

export const openDesk = (b: DeskOpenBody) => http.post('desk_open', b);
export const fetchBill = async (session_id: number) =>
  (await http.get<DeskBillAnswer>('desk_bill', { session_id })).data;
export const orderGoods = (b: DeskGoodsBody) => http.post('desk_goods_order', b, { json: true });
export const settle = (b: DeskSettleBody) => http.post<DeskSettleDone>('desk_settle', b);
export const cancelSession = (b: { session_id: number; reason: string }) => http.post('desk_cancel', b);

export type DeskOrdersAnswer = Pager<DeskOrderRow> & { totals: DeskOrderTotals };
export const fetchOrders = async (p: Params) =>
  (await http.get<DeskOrdersAnswer>('desk_order_list', clean(p))).data;
export const exportOrders = (p: Params) => downloadFile('desk_order_export', clean(p), '桌台订单.xlsx');
export const fetchOrder = async (id: number) =>
  (await http.get<DeskOrderDetail>('desk_order_detail', { id })).data;

/** Pickers: the store's desks, its cashiers, its goods by SKU. */
export const deskOptions = async () =>
  (await fetchDesks({ page: 1, page_size: 1000 })).list.map((d) => ({ value: d.id, label: d.name }));
export const cashierOptions = async () =>
  (await http.get<ShiftCashier[]>('shift_cashiers')).data.map((c) => ({ value: c.id, label: c.name }));
export const fetchSkus = async () =>
  (await http.get<Pager<ItemOption>>('goods_item_options')).data.list.filter((i) => i.item_kind === 'goods');
