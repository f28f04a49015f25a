import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/payLink': () => import('./pages/pay-link-page'),
  '/pay/link/:token': () => import('./pages/pay-link-public-page'),
};
