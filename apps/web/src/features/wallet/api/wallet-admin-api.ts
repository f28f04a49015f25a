import type { Pager, ProductRow, ProfitRate, ProfitRateBody, RechargeRow } from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** The platform's wallet screens: agents and their balances, recharge review, products, agent rules. */

export interface AgentRow {
  id: number;
  name: string;
  user_name: string;
  contact: string;
  mobile: string;
  province: string;
  city: string;
  status: number;
  parent_name: string;
  balance_fen: number;
  netbar_count: number;
  created_at: string;
}

export interface AgentSettings {
  delay_max_days: number;
  profit_rate_bp: number;
}

export const fetchAdminAgents = async (p: Record<string, unknown>) =>
  (await http.get<Pager<AgentRow>>('admin_agent_list', p)).data;

export interface AdjustInput {
  agent_id: number;
  /** Positive credits, negative debits. */
  amount_fen: number;
  reason: string;
  request_id: string;
}
/** admin_wallet_adjust: 加款/扣款 with a reason (in the agent's ledger). */
export const adjustBalance = async (body: AdjustInput) => {
  await http.post<null>('admin_wallet_adjust', { ...body });
};

export const fetchRechargeReview = async (p: Record<string, unknown>) =>
  (await http.get<Pager<RechargeRow>>('admin_recharge_list', p)).data;
export const exportRechargeReview = (f: Record<string, unknown>) =>
  downloadFile('admin_recharge_list_export', f, '充值审核.xlsx');

export interface ReviewInput {
  kind: 'confirm' | 'reject';
  id: number;
  /** The bank transfer reference (confirm) or the reason (reject). */
  text: string;
}
/** admin_recharge_confirm (credits the wallet once) or admin_recharge_reject; answers the kind. */
export const reviewRecharge = async ({ kind, id, text }: ReviewInput) => {
  if (kind === 'confirm') await http.post<null>('admin_recharge_confirm', { id, transfer_ref: text });
  else await http.post<null>('admin_recharge_reject', { id, reason: text });
  return kind;
};

/** product_info: every product edition with its price per machine per month. */
export const fetchProducts = async () => (await http.get<ProductRow[]>('product_info')).data;
export interface ProductInput {
  id?: number;
  name: string;
  price_fen: number;
  description: string;
  status: number;
}
export const saveProduct = async (body: ProductInput) => {
  const { id, ...rest } = body;
  await http.post<null>('admin_product_save', { ...(id ? { id } : {}), ...rest });
};

export const fetchAgentSettings = async () => (await http.get<AgentSettings>('admin_agent_settings')).data;
export const saveAgentSettings = async (body: AgentSettings) => {
  await http.post<null>('admin_agent_settings', { ...body });
};

/** payment_profit_rates: 支付分润 fee rate and agent share of each payment method (decision 171). */
export const fetchProfitRates = async () => (await http.get<ProfitRate[]>('payment_profit_rates')).data;
export const saveProfitRate = (body: ProfitRateBody) =>
  http.post<ProfitRate[]>('payment_profit_rate_save', body);
