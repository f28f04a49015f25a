import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/operating_statements/stock_report': () => import('./pages/stock-report-page'),
};
