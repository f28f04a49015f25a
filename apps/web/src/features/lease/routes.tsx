import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/application_manage/equipment_leasing': () => import('./pages/equipment-leasing-page'),
  '/order/lease_order_list': () => import('./pages/lease-order-page'),
  '/order/lease_counter': () => import('./pages/lease-counter-page'),
};
