import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/channelManage/lowerChannel': () => import('./pages/lower-channel-page'),
  '/channelManage/countChannel': () => import('./pages/count-channel-page'),
};
