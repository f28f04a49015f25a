import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/shift_management/shift_record': () => import('./pages/shift-record-page'),
  '/shift_management/shift_summary': () => import('./pages/shift-summary-page'),
  '/order/shift': () => import('./pages/current-shift-page'),
};
