import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/myWallet/paymentProfit': () => import('./pages/payment-profit-page'),
  '/merchantManage/payment_profit': () => import('./pages/payment-profit-page'),
};
