import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/pay': () => import('./pages/pay-page'),
  '/pay/code/:token': () => import('./pages/pay-code-page'),
};
