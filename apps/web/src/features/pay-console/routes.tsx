import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/merchantManage/trade': () => import('./pages/trade-page'),
};
