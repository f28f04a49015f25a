import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/admin/jobs': () => import('./pages/jobs-page'),
};
