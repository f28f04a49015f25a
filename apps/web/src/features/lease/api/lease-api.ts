import type {
  LeaseItemRow,
  LeaseItemSaveBody,
  LeaseItemStockBody,
  LeaseLostBody,
  LeaseOrderDetail,
  LeaseOrderRow,
  LeaseOrderTotals,
  LeaseRentBody,
  LeaseResult,
  LeaseReturnBody,
  LeaseStockRow,
  MemberRow,
  Pager,
  ShiftCashier,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** The leasing calls (application equipment_leasing 10519, lease orders 263); keys in lease-keys.ts. */

type Params = Record<string, unknown>;
const clean = (p: Params) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

/** A fresh idempotency key for one rent, return, loss or stock move (kept by its dialog until it lands). */
export const requestId = () => `l${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

export const fetchItems = async (p: Params) =>
  (await http.get<Pager<LeaseItemRow>>('lease_item_list', clean(p))).data;
export const saveItem = (b: LeaseItemSaveBody) => http.post<{ id: number }>('lease_item_save', b);
export const deleteItem = (id: number) => http.post('lease_item_delete', { id });
export const moveItemStock = (b: LeaseItemStockBody) => http.post('lease_item_stock', b);
export const fetchItemLedger = async (p: Params) =>
  (await http.get<Pager<LeaseStockRow>>('lease_item_ledger', clean(p))).data;

export type LeaseOrderPage = Pager<LeaseOrderRow> & { totals: LeaseOrderTotals };
export const fetchOrders = async (p: Params) =>
  (await http.get<LeaseOrderPage>('lease_order_list', clean(p))).data;
export const exportOrders = (p: Params) => downloadFile('lease_order_export', clean(p), '租赁订单.xlsx');
export const fetchOrder = async (id: number) =>
  (await http.get<LeaseOrderDetail>('lease_order_detail', { id })).data;

export const rent = (b: LeaseRentBody) => http.post<LeaseResult>('lease_rent', b);
export const returnLease = (b: LeaseReturnBody) => http.post<LeaseResult>('lease_return', b);
export const markLost = (b: LeaseLostBody) => http.post<LeaseResult>('lease_lost', b);

/** Pickers: members by full card number, mobile or name (member_lookup: the counter's grant 264 is enough). */
export async function findMembers(q: string): Promise<MemberRow[]> {
  try {
    return (await http.get<{ list: MemberRow[] }>('member_lookup', { q }, { silent: true })).data.list;
  } catch {
    return [];
  }
}
export const cashierOptions = async () =>
  (await http.get<ShiftCashier[]>('shift_cashiers')).data.map((c) => ({ value: c.id, label: c.name }));
export const itemOptions = async () =>
  (await fetchItems({ page: 1, page_size: 1000 })).list.map((i) => ({ value: i.id, label: i.name }));
