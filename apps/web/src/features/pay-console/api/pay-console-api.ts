import type {
  Pager,
  RefundApproveBody,
  RefundRejectBody,
  RefundRequestBody,
  RefundRequestRow,
  RefundRequestStatus,
  TradeDetail,
  TradePage,
  TradeRow,
  TradeTotals,
} from '@netbar/contract';
import type { Dayjs } from 'dayjs';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** 交易查询 and 退款申请 (decision 172): the payment service's calls (/api/c1, bearer token). */
const C1 = '/api/c1/';

/** The search form's values; the period is a pair of Beijing days. */
export interface TradeFilters extends Record<string, unknown> {
  no?: string;
  netbar_id?: number;
  method?: string;
  status?: string;
  period?: [Dayjs, Dayjs] | null;
  min_amount?: string;
  max_amount?: string;
  request_status?: RefundRequestStatus;
}

/** The form's values as the server's query: a P… number is the payment's, anything else the channel's. */
export function tradeQuery(f: TradeFilters) {
  const { no, period, ...rest } = f;
  const q: Record<string, unknown> = { ...rest };
  const n = no?.trim();
  if (n) q[/^P\d{14}[0-9A-F]{8}$/.test(n) ? 'payment_no' : 'txn_id'] = n;
  if (period) {
    q.start = period[0].format('YYYY-MM-DD');
    q.end = period[1].format('YYYY-MM-DD');
  }
  for (const k of Object.keys(q)) if (q[k] === undefined || q[k] === '' || q[k] === null) delete q[k];
  return q;
}

export type TradePager = Pager<TradeRow> & { totals: TradeTotals };

/** A keyset page as the table reads it: `estimated` makes it page by 上一页/下一页 along `next`. */
const asPager = (p: TradePage, size: number): TradePager => ({
  list: p.list,
  next: p.next,
  totals: p.totals,
  count: p.totals.count,
  page: 1,
  page_size: size,
  estimated: true,
});

type PageArgs = TradeFilters & { page: number; page_size: number; after?: string };
const pageOf = async (path: string, q: PageArgs) => {
  const { page: _p, page_size, after, ...f } = q;
  const r = await http.get<TradePage>(`${C1}${path}`, {
    ...tradeQuery(f),
    page_size,
    ...(after ? { after } : {}),
  });
  return asPager(r.data, page_size);
};

export const fetchTrades = (q: PageArgs) => pageOf('trade_list', q);
export const fetchStoreTrades = (q: PageArgs) => pageOf('store_trade_list', q);
export const fetchTradeDetail = async (no: string) =>
  (await http.get<TradeDetail>(`${C1}trade_detail`, { payment_no: no })).data;
export const fetchTradeStores = async () =>
  (await http.get<{ id: number; name: string }[]>(`${C1}trade_stores`)).data;
export const exportTrades = (f: TradeFilters) =>
  downloadFile(`${C1}trade_export`, tradeQuery(f), '交易查询.xlsx');

export const fetchRequests = async (q: { status?: string; page: number; page_size: number }) =>
  (await http.get<Pager<RefundRequestRow>>(`${C1}refund_request_list`, q)).data;
export const addRefundRequest = (b: RefundRequestBody) =>
  http.post<RefundRequestRow>(`${C1}refund_request_add`, b);
export const approveRefundRequest = (b: RefundApproveBody) =>
  http.post<RefundRequestRow>(`${C1}refund_request_approve`, b);
export const rejectRefundRequest = (b: RefundRejectBody) =>
  http.post<RefundRequestRow>(`${C1}refund_request_reject`, b);

/** A fresh request id for one write (a retry of the same click sends the same one). */
export const newRequestId = () => `w-${crypto.randomUUID()}`;
