import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/application_manage/private_room': () => import('./pages/private-room-page'),
  '/order/desk_order_list': () => import('./pages/desk-order-page'),
};
