import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/basicsSettings/site_list': () => import('./pages/site-list-page'),
};
