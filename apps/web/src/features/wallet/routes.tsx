import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/myWallet/fundManage': () => import('./pages/fund-manage-page'),
  '/myWallet/paymentProfit': () => import('./pages/payment-profit-page'),
};
