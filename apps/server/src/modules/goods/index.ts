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

/** The file import's goods rows (decision 190): categories and goods written as the goods form writes them. */
export { listCategories, saveCategory } from './catalog.repo.ts';
export { allGoods, barcodeOwner, writeGoods } from './goods.repo.ts';
/** The basket's price at the counter (orders, decision 042): the store's SKUs, plans, promotions, the moment. */
export { basketLines, listPlans, listPromos, type PricedSku, pricingOf } from './pricing.repo.ts';
export { momentOf } from './pricing.service.ts';
// What other modules may use.
export { skuLabel } from './sku-label.repo.ts';
