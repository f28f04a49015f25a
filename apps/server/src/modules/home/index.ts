import type { Domain } from '../domain.ts';
import { homeRoutes } from './home.routes.ts';
import { homeDashboardRoutes } from './home-dashboard.routes.ts';

/** 首页数据：数据卡片与各用户类型的首页看板（decision 158）. */
export const homeDomain: Domain = {
  name: 'home',
  service: 'passport',
  routes: [homeRoutes, homeDashboardRoutes],
};
