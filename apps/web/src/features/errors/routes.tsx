import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/error/403': () => import('../../components/forbidden-page'),
  '/error/404': () => import('../../components/not-found-page'),
};
