import {
  COUNTER_SCAN_TYPES,
  type CounterScanRow,
  type CounterScanType,
  type DeskBillAnswer,
  type DeskBoardRow,
  type DeskBookingBody,
  type DeskBookingRow,
  type DeskGoodsBody,
  type DeskOpenBody,
  type DeskOrderDetail,
  type DeskOrderRow,
  type DeskOrderTotals,
  type DeskRow,
  type DeskSaveBody,
  type DeskSettleBody,
  type DeskSettleDone,
  type ItemOption,
  type Pager,
  type PayTypeData,
  type ShiftCashier,
  Status,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { HttpError, http } from '../../../lib/http';

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

/** 扫码收款 of a table's bill (decision 182): the store's 收银台 scan methods, the QR, its poll, its cancel. */
export async function fetchDeskScanTypes(): Promise<{ pay_type: CounterScanType; name: string }[]> {
  const d = (await http.get<PayTypeData>('/api/c1/get_pay_type', {}, { silent: true })).data;
  return d.cashier.filter((m): m is typeof m & { pay_type: CounterScanType } =>
    (COUNTER_SCAN_TYPES as readonly string[]).includes(m.pay_type),
  );
}
/** A retried start (same request id) answers 40007 with the first QR: the same payment. */
export async function startDeskScan(b: {
  session_id: number;
  pay_type: CounterScanType;
  request_id: string;
}): Promise<CounterScanRow> {
  try {
    return (await http.post<CounterScanRow>('desk_scan_pay', b, { json: true })).data;
  } catch (e) {
    if (e instanceof HttpError && e.status === Status.SILENT_2 && e.data) return e.data as CounterScanRow;
    throw e;
  }
}
export const queryDeskScan = async (payment_no: string) =>
  (await http.get<CounterScanRow>('counter_scan_query', { payment_no }, { silent: true })).data;
export const cancelDeskScan = async (payment_no: string) =>
  (await http.post<CounterScanRow>('counter_scan_cancel', { payment_no }, { json: true })).data;
