import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/application_manage/print_template': () => import('./pages/print-template-page'),
};
