import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/myWallet/fundManage': () => import('./pages/fund-manage-page'),
  '/admin/recharge': () => import('./pages/admin-recharge-page'),
  '/admin/agents': () => import('./pages/admin-agents-page'),
  '/admin/products': () => import('./pages/admin-products-page'),
};
