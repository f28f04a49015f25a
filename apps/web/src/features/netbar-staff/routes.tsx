import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/NetbarStaffManage/staffList': () => import('./pages/netbar-staff-list-page'),
};
