import type { FastifyPluginAsync } from 'fastify';
import { pricingRoutes } from '../pricing/pricing.routes.ts';
import { stockRoutes } from '../stock/stock.routes.ts';
import { stockDocRoutes } from '../stock/stock-doc.routes.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { goodsRoutes } from './goods.routes.ts';
import { goodsSheetRoutes } from './goods-sheet.routes.ts';

/** The goods and stock plugins of the passport service (issue 6). */
export const goodsModules: FastifyPluginAsync[] = [
  catalogRoutes,
  goodsRoutes,
  goodsSheetRoutes,
  pricingRoutes,
  stockRoutes,
  stockDocRoutes,
];
