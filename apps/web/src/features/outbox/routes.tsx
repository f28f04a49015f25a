import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/admin/outbox': () => import('./pages/outbox-page'),
};
