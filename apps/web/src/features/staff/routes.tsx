import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/staffManage/staffList': () => import('./pages/staff-list-page'),
  '/staffManage/staffEquipment': () => import('./pages/staff-equipment-page'),
};
