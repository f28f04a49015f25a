import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/application_manage/siyu': () => import('./pages/siyu-page'),
};
