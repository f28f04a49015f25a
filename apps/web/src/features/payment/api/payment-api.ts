import type { PayCodeLink, SandboxPayInfo } from '@netbar/contract';
import { http } from '../../../lib/http';

/**
 * The payment service's calls (/api/c1: JSON, bearer token, no cookie; decisions 160-161); keys in
 * payment-keys.ts. The pay page's three calls are public: a customer's phone has no login.
 */
const C1 = '/api/c1/';

export interface PayLink {
  no: string;
  s: string;
}

export const fetchPayPage = async (l: PayLink) =>
  (await http.get<SandboxPayInfo>(`${C1}pay_page`, { ...l }, { silent: true })).data;
export const payPagePay = async (l: PayLink) =>
  (await http.post<SandboxPayInfo>(`${C1}pay_page_pay`, { ...l })).data;
export const payPageCancel = async (l: PayLink) =>
  (await http.post<SandboxPayInfo>(`${C1}pay_page_cancel`, { ...l })).data;

export const fetchPayCode = async (token: string) =>
  (await http.get<{ store_name: string }>(`${C1}pay_code_info`, { token }, { silent: true })).data;
export const payCodeCreate = async (v: { token: string; amount: string; request_id: string }) =>
  (await http.post<PayCodeLink>(`${C1}pay_code_create`, v)).data;
