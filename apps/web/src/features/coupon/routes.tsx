import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/application_manage/coupon': () => import('./pages/coupon-page'),
};
