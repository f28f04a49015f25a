import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/stock/stock_list': () => import('./pages/stock-list-page'),
  '/stock/historical_Records': () => import('./pages/history-page'),
  '/stock/warehousing_list': () => import('./pages/warehousing-page'),
  '/stock/inventory': () => import('./pages/inventory-page'),
  '/operating_statements/stock_report': () => import('./pages/stock-report-page'),
  '/operating_statements/dead_stock': () => import('./pages/dead-stock-page'),
};
