import type { Domain } from '../domain.ts';
import { homeRoutes } from './home.routes.ts';

/** 首页数据. */
export const homeDomain: Domain = {
  name: 'home',
  service: 'passport',
  routes: [homeRoutes],
};
