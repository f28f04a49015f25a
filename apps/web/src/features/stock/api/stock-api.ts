import type {
  DeadStockAnswer,
  DocLineRow,
  DocRow,
  Pager,
  ReportRow,
  ReportTotals,
  StockLedgerRow,
  StockRow,
  StockTotals,
} from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** The stock calls (one fetcher per call); keys in stock-keys.ts, hooks in stock-queries/stock-mutations. */
export { STOCK_KEY } from './stock-keys';

type Params = Record<string, unknown>;
const clean = (p: Params) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

export type StockPage = Pager<StockRow> & { totals: StockTotals };
export const fetchStock = async (p: Params) => (await http.get<StockPage>('stock_list', clean(p))).data;
export const exportStock = (p: Params) => downloadFile('stock_list_export', clean(p), '库存列表.xlsx');
export const fetchSetting = async () =>
  (await http.get<{ negative_policy: 'refuse' | 'warn' }>('stock_setting')).data;
export const saveSetting = (negative_policy: 'refuse' | 'warn') =>
  http.post('stock_setting_save', { negative_policy });

export type LedgerPage = Pager<StockLedgerRow> & { totals: { delta: number } };
export const fetchLedger = async (p: Params) =>
  (await http.get<LedgerPage>('stock_ledger_list', clean(p))).data;
export const exportLedger = (p: Params) => downloadFile('stock_ledger_export', clean(p), '库存历史记录.xlsx');

export type ReportPage = Pager<ReportRow> & { totals: ReportTotals };
export const fetchReport = async (p: Params) => (await http.get<ReportPage>('stock_report', clean(p))).data;
export const exportReport = (p: Params) => downloadFile('stock_report_export', clean(p), '库存报表.xlsx');

export const fetchDeadStock = async (p: Params) =>
  (await http.get<DeadStockAnswer>('dead_stock', clean(p))).data;
export const exportDeadStock = (p: Params) => downloadFile('dead_stock_export', clean(p), '滞销统计.xlsx');

export const fetchDocs = async (p: Params) =>
  (await http.get<Pager<DocRow>>('stock_doc_list', clean(p))).data;
export const fetchDoc = async (id: number) =>
  (await http.get<DocRow & { lines: DocLineRow[] }>('stock_doc_detail', { id })).data;
export interface PostAnswer {
  id: number;
  doc_no: string;
  status: string;
  warnings: string[];
}
export const saveDoc = (v: Params) => http.post<PostAnswer>('stock_doc_save', v, { json: true });
export const postDoc = (id: number) => http.post<PostAnswer>('stock_doc_post', { id });
export const deleteDoc = (id: number) => http.post<null>('stock_doc_delete', { id });
export const openCheck = (location: 'warehouse' | 'counter', remark?: string) =>
  http.post<{ id: number; doc_no: string }>('stock_check_open', {
    location,
    remark,
    request_id: requestId(),
  });
export interface CountInput {
  id: number;
  mode: 'set' | 'add';
  lines: { line_id?: number; barcode?: string; counted_qty: number }[];
}
export const enterCounts = ({ id, mode, lines }: CountInput) =>
  http.post<{ count: number }>('stock_check_count', { id, mode, lines }, { json: true });
export const approveCheck = (id: number) => http.post('stock_check_approve', { id });

export function requestId(): string {
  return `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}

/** goods_item_options belongs to goods; pickers use its query (useItemOptions in stock-queries). */
export { fetchItemOptions } from '../../goods/api/goods-api';
