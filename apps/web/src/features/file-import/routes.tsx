import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/basicsSettings/data_import': () => import('./pages/data-import-page'),
};
