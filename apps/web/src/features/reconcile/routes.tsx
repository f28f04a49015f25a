import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/merchantManage/reconcile': () => import('./pages/reconcile-page'),
};
