import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/application_manage/secondary_screen': () => import('./pages/screen-settings-page'),
  '/screen/:token': () => import('./pages/screen-page'),
};
