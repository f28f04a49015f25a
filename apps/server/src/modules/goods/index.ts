import type { Domain } from '../domain.ts';
import { catalogRoutes } from './catalog.routes.ts';
import { goodsRoutes } from './goods.routes.ts';
import { goodsSheetRoutes } from './goods-sheet.routes.ts';
import { pricingRoutes } from './pricing.routes.ts';

/** 商品、原料、分组、销售计划与促销. */
export const goodsDomain: Domain = {
  name: 'goods',
  service: 'passport',
  routes: [catalogRoutes, goodsRoutes, goodsSheetRoutes, pricingRoutes],
};

/** Imported goods (file import, decision 190; 从旧系统导入, decision 194): the store's goods, categories, one writer. */
export { listCategories } from './catalog.repo.ts';
export { allGoods, barcodeOwner } from './goods.repo.ts';
export { type ImportedGoods, writeImportedGoods } from './goods-import.ts';
/** The basket's price at the counter (orders, decision 042): the store's SKUs, plans, promotions, the moment. */
export { basketLines, listPlans, listPromos, type PricedSku, pricingOf } from './pricing.repo.ts';
export { momentOf } from './pricing.service.ts';
// What other modules may use.
export { skuLabel } from './sku-label.repo.ts';
