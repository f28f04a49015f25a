import type { BalanceInfo, ConsumptionRow, LedgerRow, Pager, RechargeRow } from '@netbar/contract';
import { downloadFile } from '../../../lib/download';
import { http } from '../../../lib/http';

/** The agent's own wallet (agent_*); the platform's wallet screens are in wallet-admin-api.ts. */

export type Totaled<T> = Pager<T> & { total_fen: number };

export async function fetchBalanceInfo(): Promise<BalanceInfo> {
  return (await http.get<BalanceInfo>('agent_balance')).data;
}
export const fetchLedger = async (p: Record<string, unknown>) =>
  (await http.get<Totaled<LedgerRow>>('agent_wallet_ledger', p)).data;
export const fetchOrders = async (p: Record<string, unknown>) =>
  (await http.get<Totaled<ConsumptionRow>>('agent_consumption_order', p)).data;
export const fetchRecharges = async (p: Record<string, unknown>) =>
  (await http.get<Totaled<RechargeRow>>('agent_recharge_log', p)).data;
export const exportLedger = (p: Record<string, unknown>) =>
  downloadFile('agent_wallet_ledger_export', p, '资金流水.xlsx');
export const exportOrders = (p: Record<string, unknown>) =>
  downloadFile('agent_consumption_order_export', p, '消费订单.xlsx');
export const exportRecharges = (p: Record<string, unknown>) =>
  downloadFile('agent_recharge_log_export', p, '充值记录.xlsx');

export interface RechargeInput {
  amountFen: number;
  /** Makes a retried or double-clicked submit create one order. */
  requestId: string;
  remark?: string;
}

/** POST agent_recharge: request_id makes a retried or double-clicked submit create one order. */
export const createRecharge = async ({ amountFen, requestId, remark }: RechargeInput) =>
  (
    await http.post<{ order_no: string }>('agent_recharge', {
      amount_fen: amountFen,
      request_id: requestId,
      remark,
    })
  ).data;
export const payOrder = async (id: number) => {
  await http.get<null>('agent_consumption_pay', { id });
};
export const cancelOrder = async (id: number) => {
  await http.get<null>('agent_consumption_cancel', { id });
};
