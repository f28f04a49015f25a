import type { Pager, ProfitDetailRow, ProfitPage, ProfitRecord } from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** 支付分润 (decision 171): the agent's and the payment company's calls (passport /api/v1). */

export const profitKeys = {
  all: ['payment-profit'] as const,
  records: () => [...profitKeys.all, 'records'] as const,
  detail: (id: number) => [...profitKeys.all, 'detail', id] as const,
  agents: () => [...profitKeys.all, 'agents'] as const,
};

export interface ProfitQuery {
  start?: string;
  end?: string;
  method?: string;
  agent_id?: number;
}

const clean = (p: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== null && v !== ''));

export const fetchProfit = async (q: ProfitQuery & { page: number; page_size: number }) =>
  (await http.get<ProfitPage>('payment_profit_list', clean({ ...q }))).data as Pager<ProfitRecord>;
export const exportProfit = (q: ProfitQuery) =>
  downloadFile('payment_profit_export', clean({ ...q }), '支付分润.xlsx');
export const fetchProfitDetail = async (q: { record_id: number; page: number; page_size: number }) =>
  (await http.get<Pager<ProfitDetailRow>>('payment_profit_detail', q)).data;
export const fetchProfitAgents = async () =>
  (await http.get<{ value: number; label: string }[]>('payment_profit_agents')).data;
