import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/user/operate_log': () => import('./pages/operate-log-page'),
};
