import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/order/cashier': () => import('./pages/cashier-page'),
};
