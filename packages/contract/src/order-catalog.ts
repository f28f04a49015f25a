import type { CustomColourValue } from './enums';
import type { DeductOrder } from './member';
import type { Promotion, SalesPlan } from './pricing';
import type { NegativePolicyValue } from './stock';

/**
 * 收银台's catalog in one call (`GET /order_catalog`, decision 141): what the counter screen needs to show
 * its goods buttons and price the cart itself, readable with the counter's grant alone (264 or 2640) —
 * no goods, stock or member grant. It carries no cost price: a cashier does not see costs.
 */

/** One sellable SKU of a good on the shelf. */
export interface OrderCatalogSku {
  sku_id: number;
  goods_id: number;
  category_id: number;
  /** The goods' name with its spec as 名称（规格）, the way receipts and orders name it. */
  name: string;
  spec: string;
  unit: string;
  barcode: string;
  price_fen: number;
  member_price_fen: number;
  colour: CustomColourValue;
  /** The good keeps stock (商品设置「库存」). */
  track_stock: boolean;
  /** Made to order from materials (decision 044): its own stock is not taken, its materials are. */
  has_recipe: boolean;
  /** Units at the counter (吧台) now; 0 or less = none left. */
  qty: number;
}

/**
 * One goods group (套餐) on the shelf (decision 142): sold at its own price (members too; no plan or
 * promotion), each unit taking its items' SKUs from the counter.
 */
export interface OrderCatalogGroup {
  group_id: number;
  name: string;
  price_fen: number;
  /**
   * What one group holds: per item its units at the counter now; `track_stock` false for an untracked
   * or made-to-order item (its own stock is not taken).
   */
  items: { sku_id: number; name: string; qty: number; track_stock: boolean; counter_qty: number }[];
  /** Whole groups the counter's stock makes now (the scarcest tracked item); null when no item is tracked. */
  stock: number | null;
  /** Sellable now: the counter holds every tracked item, or the store lets stock go negative. */
  sellable: boolean;
}

export interface OrderCatalog {
  /** Categories of the goods listed, in the store's category order. */
  categories: { id: number; name: string }[];
  /** On-shelf goods' SKUs, by category order then goods and SKU order. */
  skus: OrderCatalogSku[];
  /** On-shelf goods groups (套餐), by id. */
  groups: OrderCatalogGroup[];
  /** The store's enabled sales plans (the pricing engine checks the weekday and minutes). */
  plans: SalesPlan[];
  /** The store's enabled promotions that have not ended. */
  promotions: Promotion[];
  /** 负库存策略: a sale beyond the counter's stock is refused, or goes through with a warning. */
  negative_policy: NegativePolicyValue;
  /** 先扣奖励 / 先扣本金: how a member payment splits (the server applies it; the pay dialog shows it). */
  deduct_order: DeductOrder;
}
