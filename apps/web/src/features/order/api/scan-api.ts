import {
  COUNTER_SCAN_TYPES,
  type CounterScanRow,
  type CounterScanType,
  type OrderResult,
  type PayLinkRow,
  type PayTypeData,
  Status,
} from '@netbar/contract';
import { HttpError, http } from '../../../lib/http';

/** Scan-to-pay at the counter (decision 169): the QR of an unpaid order, polled until paid, or cancelled. */

/** The scan methods the store's 收银台 offers (payment_settings); none when the read is refused. */
export async function fetchCashierScanTypes(): Promise<{ pay_type: CounterScanType; name: string }[]> {
  try {
    const d = (await http.get<PayTypeData>('/api/c1/get_pay_type', {}, { silent: true })).data;
    return d.cashier.filter((m): m is typeof m & { pay_type: CounterScanType } =>
      (COUNTER_SCAN_TYPES as readonly string[]).includes(m.pay_type),
    );
  } catch {
    return [];
  }
}

/** A retried start (same request id) answers 40007 with the first QR: the same payment. */
export async function startOrderScan(b: {
  order_id: number;
  pay_type: CounterScanType;
  request_id: string;
}): Promise<CounterScanRow> {
  try {
    return (await http.post<CounterScanRow>('order_scan_pay', b, { json: true })).data;
  } catch (e) {
    if (e instanceof HttpError && e.status === Status.SILENT_2 && e.data) return e.data as CounterScanRow;
    throw e;
  }
}

export const queryScan = async (payment_no: string) =>
  (await http.get<CounterScanRow>('counter_scan_query', { payment_no }, { silent: true })).data;

export const cancelScan = async (payment_no: string) =>
  (await http.post<CounterScanRow>('counter_scan_cancel', { payment_no }, { json: true })).data;

export const fetchOrder = async (id: number) => (await http.get<OrderResult>('order_detail', { id })).data;

/** The order read by the 等待付款 poll (quiet: a failed poll is tried again). */
export const fetchOrderQuiet = async (id: number) =>
  (await http.get<OrderResult>('order_detail', { id }, { silent: true })).data;

/** 生成付款链接 of the order rung up for the scan (decision 176/182): single use, the order's total. */
export const makeOrderLink = async (v: { order_id: number; request_id: string }) =>
  (await http.post<PayLinkRow>('/api/c1/order_pay_link', v)).data;

/** The public page's address of a link, as a phone opens it. */
export const payLinkUrl = (token: string) => `${window.location.origin}/pay/link/${token}`;

/** 付款码 (decision 182): the customer's code read by the scanner charges the order (40007: the first answer). */
export async function orderMicropay(b: {
  order_id: number;
  auth_code: string;
  request_id: string;
}): Promise<CounterScanRow> {
  try {
    return (await http.post<CounterScanRow>('order_micropay', b, { json: true })).data;
  } catch (e) {
    if (e instanceof HttpError && e.status === Status.SILENT_2 && e.data) return e.data as CounterScanRow;
    throw e;
  }
}
