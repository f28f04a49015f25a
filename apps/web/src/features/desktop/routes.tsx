import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/application_manage/desktop_settings': () => import('./pages/desktop-settings-page'),
  '/custom_desktop': () => import('./pages/custom-desktop-page'),
};
