import type { Domain } from '../domain.ts';
import { walletRoutes } from './wallet.routes.ts';
import { walletAdminRoutes } from './wallet-admin.routes.ts';

/** 钱包、充值、续费、代理商管理. */
export const walletDomain: Domain = {
  name: 'wallet',
  service: 'passport',
  routes: [walletRoutes, walletAdminRoutes],
};

// What other modules may use.
export { creditWalletOnline, creditWalletProfit } from './wallet-online.ts';
