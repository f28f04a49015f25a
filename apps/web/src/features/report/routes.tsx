import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/operating_statements/operate_statistic': () => import('./pages/operate-statistic-page'),
  '/operating_statements/sales_ranking': () => import('./pages/sales-ranking-page'),
  '/operating_statements/prize_statistics': () => import('./pages/prize-statistics-page'),
};
