import type { Domain } from '../domain.ts';
import { deadStockRoutes } from './dead-stock.routes.ts';
import { stockRoutes } from './stock.routes.ts';
import { stockDocRoutes } from './stock-doc.routes.ts';

/** 库存、单据、盘点、库存报表、滞销统计. */
export const stockDomain: Domain = {
  name: 'stock',
  service: 'passport',
  routes: [stockRoutes, stockDocRoutes, deadStockRoutes],
};

/** A posted 入库 document of goods brought in from the old product (legacy import, decision 194). */
export { saveDoc } from './stock-doc.service.ts';
// What other modules may use: the sale call (a goods redemption takes its goods off the counter with it).
export { type SaleResult, stockSale } from './stock-sale.service.ts';
/** Goods back to the counter from a refunded order: the mirror of stockSale (decision 044). */
export { type SaleRefundBody, stockSaleRefund } from './stock-sale-refund.ts';
