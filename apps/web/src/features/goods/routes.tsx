import type { ScreenRegistry } from '../../lib/screens';

export const screens: ScreenRegistry = {
  '/goods/class_list': () => import('./pages/class-list-page'),
  '/goods/goods_specifications': () => import('./pages/spec-page'),
  '/goods/goods_list': () => import('./pages/goods-list-page'),
  '/goods/goods_matter': () => import('./pages/matter-page'),
  '/goods/goods_group': () => import('./pages/group-page'),
  '/goods/goods_sales_plan': () => import('./pages/sales-plan-page'),
  '/goods/commodity_promotion': () => import('./pages/promotion-page'),
};
