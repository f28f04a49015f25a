import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/notice/list': () => import('./pages/notice-list-page'),
  '/notice/detail/:id': () => import('./pages/notice-detail-page'),
  '/admin/notice': () => import('./pages/admin-notice-page'),
};
