import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/application_manage/broadcast_settings': () => import('./pages/broadcast-settings-page'),
};
