import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/admin/recharge': () => import('./pages/admin-recharge-page'),
};
