import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/application_manage/message': () => import('./pages/sms-campaign-page'),
};
