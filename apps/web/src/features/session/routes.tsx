import type { ScreenRegistry } from '../../lib/screens';

/** 云计费 (decision 117): online members, session history and rate plans in one application screen; 上机统计 (240). */
export const screens: ScreenRegistry = {
  '/application_manage/handover/cloud_billing': () => import('./pages/cloud-billing-page'),
  '/operating_statements/computer_statistics': () => import('./pages/computer-statistics-page'),
};
