import { z } from 'zod';
import { optionalDate } from './agent';
import { MSG } from './messages';
import { cursorField } from './stock';
import { idParam, pageQuery, topUpAmount } from './validation/fields';
import { intField, optional, text } from './validation/helpers';

/** Agent wallet (issue 5): recharge orders, consumption orders, the ledger, products. Amounts are fen. */
export const WALLET_MSG = {
  requestId: '请求标识无效，请刷新页面后重试',
  orderNotFound: '订单不存在',
  rechargeNotFound: '充值单不存在',
  alreadyPaid: '订单已支付',
  paidCannotCancel: '订单已支付，不能取消',
  cancelled: '订单已取消',
  notPending: '充值单已处理',
  insufficient: '钱包余额不足，请先充值',
  reason: '请填写原因（1-100个字符）',
  transferRef: '请填写银行流水号（1-50个字符）',
  adjustAmount: '调整金额须为非零整数（分），单次不超过100万元',
  productName: '产品名称为1-20个字符',
  productPrice: '单价为1-100000000分的整数',
  productNotFound: '产品不存在或已停用',
  noMachines: '该网吧机器数为0，不能续费',
  replayed: '该请求已处理',
  rate: '分润比例为0-10000的整数（万分比）',
  delayMax: '宽限上限为0-90的整数',
} as const;

export const requestId = text(WALLET_MSG.requestId, 8, 64, /^[A-Za-z0-9_-]+$/);

export const rechargeBody = z.object({
  amount_fen: topUpAmount,
  request_id: requestId,
  remark: optional(z.string({ error: MSG.badParam }).trim().max(100, { error: '备注最多100个字符' })),
});
export type RechargeBody = z.infer<typeof rechargeBody>;

export const RECHARGE_STATUS_LABELS: Record<number, string> = { 0: '待确认', 1: '已到账', 2: '已驳回' };
export const ORDER_STATUS_LABELS: Record<number, string> = { 0: '待支付', 1: '已支付', 2: '已取消' };
export const LEDGER_KIND_LABELS: Record<string, string> = {
  recharge: '充值',
  consume: '续费扣款',
  adjust_in: '人工加款',
  adjust_out: '人工扣款',
  profit: '支付分润',
};

export const walletListQuery = pageQuery.extend({
  status: optional(intField(MSG.badParam, 0, 2)),
  date_from: optionalDate,
  date_to: optionalDate,
  agent_id: optional(idParam),
  /** Keyset cursor of the wallet ledger: rows after the previous answer's `next` (decision 060). */
  after: cursorField,
});
export type WalletListQuery = z.infer<typeof walletListQuery>;

export interface RechargeRow {
  id: number;
  order_no: string;
  agent_id: number;
  agent_name: string;
  amount_fen: number;
  status: number;
  remark: string;
  transfer_ref: string;
  reason: string;
  created_at: string;
  confirmed_at: string | null;
}

export interface ConsumptionRow {
  id: number;
  order_no: string;
  netbar_id: number;
  netbar_name: string;
  product_name: string;
  months: number;
  machine_count: number;
  unit_price_fen: number;
  amount_fen: number;
  status: number;
  old_expire_at: string | null;
  new_expire_at: string | null;
  created_at: string;
  paid_at: string | null;
}

export interface LedgerRow {
  id: number;
  kind: string;
  amount_fen: number;
  balance_after_fen: number;
  reason: string;
  ref: string;
  created_at: string;
}

export interface BalanceInfo {
  balance_fen: number;
  pending_recharge_fen: number;
  unpaid_order_fen: number;
}

export const rechargeConfirmBody = z.object({
  id: idParam,
  transfer_ref: text(WALLET_MSG.transferRef, 1, 50),
});
export const rechargeRejectBody = z.object({ id: idParam, reason: text(WALLET_MSG.reason, 1, 100) });

export const walletAdjustBody = z.object({
  agent_id: idParam,
  amount_fen: intField(WALLET_MSG.adjustAmount, -100_000_000, 100_000_000).refine((n) => n !== 0, {
    error: WALLET_MSG.adjustAmount,
  }),
  reason: text(WALLET_MSG.reason, 1, 100),
  request_id: requestId,
});

export interface ProductRow {
  id: number;
  name: string;
  price_fen: number;
  description: string;
  status: number;
}

export const productSaveBody = z.object({
  id: optional(idParam),
  name: text(WALLET_MSG.productName, 1, 20),
  price_fen: intField(WALLET_MSG.productPrice, 1, 100_000_000),
  description: optional(z.string({ error: MSG.badParam }).trim().max(100, { error: '说明最多100个字符' })),
  status: intField(MSG.badParam, 1, 2),
});

export const agentSettingsBody = z.object({
  delay_max_days: intField(WALLET_MSG.delayMax, 0, 90),
  profit_rate_bp: intField(WALLET_MSG.rate, 0, 10000),
});

// fenToYuan and yuanToFen live in money.ts (one home for money formatting).
