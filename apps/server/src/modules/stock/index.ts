import type { Domain } from '../domain.ts';
import { stockRoutes } from './stock.routes.ts';
import { stockDocRoutes } from './stock-doc.routes.ts';

/** 库存、单据、盘点、库存报表. */
export const stockDomain: Domain = {
  name: 'stock',
  service: 'passport',
  routes: [stockRoutes, stockDocRoutes],
};
