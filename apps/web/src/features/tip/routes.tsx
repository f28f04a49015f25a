import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/NetbarStaffManage/RewardRecord': () => import('./pages/reward-record-page'),
};
