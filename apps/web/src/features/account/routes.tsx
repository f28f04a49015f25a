import type { ScreenRegistry } from '../../lib/screens';

/** The login page; the other account pages belong to their own feature work. */
export const screens: ScreenRegistry = {
  '/account/login': () => import('./pages/login-page'),
};
