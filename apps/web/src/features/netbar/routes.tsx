import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/netbarManage/list': () => import('./pages/netbar-list-page'),
  '/netbarManage/delay_config': () => import('./pages/delay-config-page'),
  '/basicsSettings/site_list': () => import('./pages/site-list-page'),
};
