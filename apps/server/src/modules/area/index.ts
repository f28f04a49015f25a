import type { Domain } from '../domain.ts';
import { areaRoutes } from './area.routes.ts';

/** 省市区数据. */
export const areaDomain: Domain = {
  name: 'area',
  service: 'passport',
  routes: [areaRoutes],
};

// What other modules may use.
export { areaChildren, regionProblem } from './area.data.ts';
