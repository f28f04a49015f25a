/**
 * The wallet query keys (decision 090). The agent's own wallet lives under `mine()`: a recharge, a payment
 * or a cancelled order reloads the balance and the three lists at once. The platform's screens live
 * under `admin()`.
 */
export const walletKeys = {
  all: ['wallet'] as const,
  mine: () => [...walletKeys.all, 'mine'] as const,
  balance: () => [...walletKeys.mine(), 'balance'] as const,
  ledger: () => [...walletKeys.mine(), 'ledger'] as const,
  orders: () => [...walletKeys.mine(), 'orders'] as const,
  recharges: () => [...walletKeys.mine(), 'recharge'] as const,
  profit: () => [...walletKeys.all, 'profit'] as const,
  admin: () => [...walletKeys.all, 'admin'] as const,
  agents: () => [...walletKeys.admin(), 'agents'] as const,
  rechargeReview: () => [...walletKeys.admin(), 'recharge'] as const,
  products: () => [...walletKeys.admin(), 'products'] as const,
  agentSettings: () => [...walletKeys.admin(), 'agent-settings'] as const,
};
