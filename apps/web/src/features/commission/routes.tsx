import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/NetbarStaffManage/staff_performance': () => import('./pages/staff-performance-page'),
};
