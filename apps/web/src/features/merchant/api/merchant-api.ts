import type {
  AreaItem,
  BankItem,
  MerchantDetail,
  MerchantDocView,
  MerchantRow,
  Pager,
} from '@netbar/contract';
import { http } from '../../../lib/http';

/** The merchant service's calls (/api/merchant: form bodies, bearer token; decision 163). */
const M = '/api/merchant/';

export type MerchantForm = Record<string, unknown> & { id?: number; step?: number };
export interface ReviewVars {
  id: number;
  action: 'approve' | 'reject' | 'open';
  reason?: string;
}
export interface PaymentConf {
  merchant_id: number;
  merchant_no: string;
  status: number;
  status_label: string;
  can_pay: boolean;
}

export const fetchMerchants = async (params: Record<string, unknown>) =>
  (await http.get<Pager<MerchantRow>>(`${M}merchant_list`, params)).data;
export const fetchMerchant = async (id: number) => (await http.get<MerchantDetail>(`${M}info`, { id })).data;
export const fetchDraft = async () => (await http.get<MerchantDetail | null>(`${M}get_save`)).data;
export const fetchBanks = async () => (await http.post<BankItem[]>(`${M}get_bank_list`, {})).data;
export const fetchRegions = async (parentID: string) =>
  (await http.get<AreaItem[]>(`${M}merchant_regions_list`, { parentID })).data;
export const fetchPaymentConf = async () => (await http.get<PaymentConf>(`${M}payment_conf`)).data;
export const fetchWxStatus = async (id: number) =>
  (await http.get<{ state: string; label: string }>(`${M}querywxstatus`, { id })).data;

export const checkName = async (name: string, id?: number) =>
  (await http.post<{ is_exist: number }>(`${M}check_name`, { name, ...(id ? { id } : {}) }, { silent: true }))
    .data.is_exist === 1;

export const saveDraft = async (form: MerchantForm) =>
  (await http.post<{ id: number }>(`${M}add_save`, form)).data;
export const submitMerchant = async (form: MerchantForm) =>
  (await http.post<{ id: number; status: number }>(form.resubmit ? `${M}update` : `${M}add`, stripFlag(form)))
    .data;
export const reviewMerchant = async (v: ReviewVars) =>
  (await http.post<MerchantRow>(`${M}status`, { ...v })).data;
export const refreshDocs = async (id: number) =>
  (await http.post<MerchantDocView[]>(`${M}refresh_cdn`, { id })).data;

/** One document: multipart with its kind; answers the stored document's signed link. */
export async function uploadDoc(kind: string, file: File): Promise<MerchantDocView> {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file);
  return (await http.post<MerchantDocView>(`${M}upload`, body)).data;
}

function stripFlag(form: MerchantForm): MerchantForm {
  const { resubmit: _r, ...rest } = form;
  return rest;
}
