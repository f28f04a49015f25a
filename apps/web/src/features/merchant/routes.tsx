import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/merchantApply': () => import('./pages/merchant-apply-page'),
  '/merchantManage/review': () => import('./pages/merchant-review-page'),
  '/merchantManage/list': () => import('./pages/merchant-list-page'),
};
