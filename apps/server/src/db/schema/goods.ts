/** Goods tables (migration 0400): catalogue, SKUs, recipes, groups, sales plans and promotions. */
import { boolean, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, jsonList, storeRow, timestamps } from './columns.ts';

/** Which goods a sales plan or promotion applies to (the same four columns on both). */
const pricingScope = () => ({
  scopeMode: text('scope_mode').notNull().default('ordinary'),
  scopeRule: text('scope_rule').notNull().default('apply'),
  goodsIds: jsonList('goods_ids'),
  categoryIds: jsonList('category_ids'),
});

export const goods = pgTable('goods', {
  ...storeRow(),
  categoryId: integer('category_id').notNull(),
  name: text('name').notNull(),
  unit: text('unit').notNull(),
  imageUrl: text('image_url').notNull().default(''),
  shelfStatus: smallint('shelf_status').notNull().default(1),
  colour: smallint('colour').notNull().default(1),
  trackStock: boolean('track_stock').notNull().default(true),
  lowStock: integer('low_stock').notNull().default(0),
  ...timestamps(),
});

export const goodsCategories = pgTable('goods_categories', {
  ...storeRow(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  shared: boolean('shared').notNull().default(false),
  chainId: integer('chain_id').notNull().default(0),
  ...createdAt(),
});

export const goodsGroupItems = pgTable(
  'goods_group_items',
  {
    groupId: integer('group_id').notNull(),
    skuId: integer('sku_id').notNull(),
    qty: integer('qty').notNull(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.skuId] })],
);

export const goodsGroups = pgTable('goods_groups', {
  ...storeRow(),
  name: text('name').notNull(),
  priceFen: integer('price_fen').notNull(),
  shelfStatus: smallint('shelf_status').notNull().default(1),
  ...createdAt(),
});

export const goodsMaters = pgTable('goods_maters', {
  ...storeRow(),
  name: text('name').notNull(),
  unit: text('unit').notNull(),
  barcode: text('barcode').notNull().default(''),
  costFen: integer('cost_fen').notNull().default(0),
  lowStock: integer('low_stock').notNull().default(0),
  ...createdAt(),
});

export const goodsPromotions = pgTable('goods_promotions', {
  ...storeRow(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  startAt: timestamp('start_at', { mode: 'string' }).notNull(),
  endAt: timestamp('end_at', { mode: 'string' }).notNull(),
  rate: integer('rate').notNull().default(100),
  priceFen: integer('price_fen').notNull().default(0),
  buyN: integer('buy_n').notNull().default(0),
  getM: integer('get_m').notNull().default(0),
  bundleQty: integer('bundle_qty').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  ...pricingScope(),
  ...createdAt(),
});

export const goodsRecipes = pgTable(
  'goods_recipes',
  {
    goodsId: integer('goods_id').notNull(),
    materId: integer('mater_id').notNull(),
    qty: integer('qty').notNull(),
  },
  (t) => [primaryKey({ columns: [t.goodsId, t.materId] })],
);

export const goodsSalesPlans = pgTable('goods_sales_plans', {
  ...storeRow(),
  name: text('name').notNull(),
  weekdays: jsonb('weekdays').notNull(),
  startMinute: integer('start_minute').notNull(),
  endMinute: integer('end_minute').notNull(),
  action: text('action').notNull(),
  rate: integer('rate').notNull().default(100),
  enabled: boolean('enabled').notNull().default(true),
  ...pricingScope(),
  ...createdAt(),
});

export const goodsSettings = pgTable('goods_settings', {
  netbarId: integer('netbar_id').primaryKey(),
  negativePolicy: text('negative_policy').notNull().default('refuse'),
});

export const goodsSkus = pgTable('goods_skus', {
  ...storeRow(),
  goodsId: integer('goods_id').notNull(),
  spec: text('spec').notNull().default(''),
  barcode: text('barcode').notNull().default(''),
  costFen: integer('cost_fen').notNull(),
  priceFen: integer('price_fen').notNull(),
  memberPriceFen: integer('member_price_fen').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const goodsSpecs = pgTable('goods_specs', {
  ...storeRow(),
  name: text('name').notNull(),
  specValues: jsonList('spec_values'),
  ...createdAt(),
});
