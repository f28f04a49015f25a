import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/order/order_list': () => import('./pages/shopping-order-page'),
};
