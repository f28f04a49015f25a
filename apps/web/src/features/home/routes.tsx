import type { ScreenRegistry } from '../../lib/screens';

const home = () => import('./pages/home-page');

export const screens: ScreenRegistry = {
  '/home': home,
  '/home2': home,
};
