import type { ScreenRegistry } from '../../lib/screens';

/** Registration, password retrieval, the security centre and the profile pages. */
export const screens: ScreenRegistry = {
  '/account/register': () => import('./pages/register-page'),
  '/account/registerResult': () => import('./pages/register-result-page'),
  '/account/password': () => import('./pages/password-page'),
  '/user/safe': () => import('./pages/safe-page'),
  '/user/info': () => import('./pages/info-page'),
  '/user/modifyInfo': () => import('./pages/modify-info-page'),
};
