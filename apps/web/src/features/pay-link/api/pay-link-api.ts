import type { Pager, PayLinkInfo, PayLinkMember, PayLinkPaymentRow, PayLinkRow } from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** 收款链接 calls (/api/c1: JSON, bearer token, no cookie; decision 167). info and pay are public. */
const C1 = '/api/c1/';

export type PayLinkList = Pager<PayLinkRow> & { total_fen: number };

export const fetchPayLinks = async (p: Record<string, unknown>) =>
  (await http.get<PayLinkList>(`${C1}pay_link_list`, p)).data;
export const exportPayLinks = (p: Record<string, unknown>) =>
  downloadFile(`${C1}pay_link_export`, p, '收款链接.xlsx');
export const fetchLinkPayments = async (p: { id: number; page: number; page_size: number }) =>
  (await http.get<Pager<PayLinkPaymentRow> & { total_fen: number }>(`${C1}pay_link_payments`, p)).data;
export const createPayLink = async (v: Record<string, unknown>) =>
  (await http.post<PayLinkRow>(`${C1}pay_link_create`, v)).data;
export const disablePayLink = async (id: number) =>
  (await http.post<PayLinkRow>(`${C1}pay_link_disable`, { id })).data;
export const orderPayLink = async (v: { order_id: number; request_id: string }) =>
  (await http.post<PayLinkRow>(`${C1}order_pay_link`, v)).data;
export const walletOnlineRecharge = async (v: { amount: string; request_id: string }) =>
  (await http.post<PayLinkRow>(`${C1}wallet_online_recharge`, v)).data;

export const fetchPayLinkInfo = async (token: string) =>
  (await http.get<PayLinkInfo>(`${C1}pay_link_info`, { token }, { silent: true })).data;
export const fetchPayLinkMember = async (token: string, card_no: string) =>
  (await http.get<PayLinkMember>(`${C1}pay_link_member`, { token, card_no }, { silent: true })).data;
export const payLinkPay = async (v: {
  token: string;
  amount?: string;
  card_no?: string;
  request_id: string;
}) => (await http.post<{ no: string; s: string }>(`${C1}pay_link_pay`, v)).data;

/** The public page's address of a link, as a phone opens it. */
export const linkUrl = (token: string) => `${window.location.origin}/pay/link/${token}`;
