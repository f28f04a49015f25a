import type { ScreenRegistry } from '../../lib/screens';

/** 云计费 (decision 117): online members, session history and rate plans in one application screen. */
export const screens: ScreenRegistry = {
  '/application_manage/handover/cloud_billing': () => import('./pages/cloud-billing-page'),
};
