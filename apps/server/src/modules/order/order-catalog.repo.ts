import type { DeductOrder, NegativePolicyValue, OrderCatalogGroup, OrderCatalogSku } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';

type ShelfGroup = Omit<OrderCatalogGroup, 'stock' | 'sellable'>;

/**
 * What the counter sells, read in one statement (decision 141): the store's on-shelf goods as SKUs with
 * their counter stock, the categories they sit in, its on-shelf goods groups (套餐) with their items'
 * counter stock (decision 142), the negative-stock policy and the member 先扣 rule.
 * No cost price is selected. Another store's goods never appear: every table is scoped by the store.
 */
export async function counterShelf(
  db: Conn,
  store: TenantScope,
): Promise<{
  skus: OrderCatalogSku[];
  categories: { id: number; name: string }[];
  groups: OrderCatalogGroup[];
  negative_policy: NegativePolicyValue;
  deduct_order: DeductOrder;
}> {
  const nid = store.netbarId;
  const r = await rows<{
    skus: OrderCatalogSku[];
    categories: { id: number; name: string }[];
    groups: ShelfGroup[];
    negative_policy: NegativePolicyValue;
    deduct_order: DeductOrder;
  }>(
    db,
    sql`with shelf as (
          select k.id as sku_id, g.id as goods_id, g.category_id, c.name as category_name, c.sort as category_sort,
            g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end as name, k.spec, g.unit, k.barcode,
            k.price_fen, k.member_price_fen, g.colour, g.track_stock,
            exists (select 1 from goods_recipes r where r.goods_id = g.id) as has_recipe,
            coalesce(s.qty, 0)::float8 as qty, k.sort as sku_sort
          from goods g
          join goods_categories c on c.id = g.category_id
          join goods_skus k on k.goods_id = g.id and k.netbar_id = ${nid}
          left join stock_levels s on s.netbar_id = ${nid} and s.item_kind = 'goods' and s.item_id = k.id and s.location = 'counter'
          where g.netbar_id = ${nid} and g.shelf_status = 1)
        select
          (select coalesce(jsonb_agg(jsonb_build_object('sku_id', sku_id, 'goods_id', goods_id, 'category_id', category_id,
              'name', name, 'spec', spec, 'unit', unit, 'barcode', barcode, 'price_fen', price_fen,
              'member_price_fen', member_price_fen, 'colour', colour, 'track_stock', track_stock,
              'has_recipe', has_recipe, 'qty', qty)
             order by category_sort, category_id, goods_id, sku_sort, sku_id), '[]'::jsonb) from shelf) as skus,
          (select coalesce(jsonb_agg(jsonb_build_object('id', category_id, 'name', category_name)
             order by category_sort, category_id), '[]'::jsonb)
           from (select distinct category_id, category_name, category_sort from shelf) x) as categories,
          (select coalesce(jsonb_agg(jsonb_build_object('group_id', gr.id, 'name', gr.name, 'price_fen', gr.price_fen,
              'items', (select coalesce(jsonb_agg(jsonb_build_object('sku_id', k.id,
                  'name', g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end, 'qty', i.qty,
                  'track_stock', g.track_stock and not exists (select 1 from goods_recipes r where r.goods_id = g.id),
                  'counter_qty', coalesce(s.qty, 0)::float8) order by k.id), '[]'::jsonb)
                from goods_group_items i join goods_skus k on k.id = i.sku_id and k.netbar_id = ${nid}
                join goods g on g.id = k.goods_id
                left join stock_levels s on s.netbar_id = ${nid} and s.item_kind = 'goods' and s.item_id = k.id and s.location = 'counter'
                where i.group_id = gr.id)) order by gr.id), '[]'::jsonb)
           from goods_groups gr where gr.netbar_id = ${nid} and gr.shelf_status = 1) as groups,
          coalesce((select negative_policy from goods_settings where netbar_id = ${nid}), 'refuse') as negative_policy,
          coalesce((select deduct_order from member_settings where netbar_id = ${nid}), 'bonus_first') as deduct_order`,
  );
  const row = r[0]!;
  return {
    ...row,
    skus: row.skus.map((k) => ({ ...k, qty: Number(k.qty) })),
    groups: row.groups.map((g) => groupStock(g, row.negative_policy)),
  };
}

/**
 * How many whole groups the counter makes now (the scarcest tracked item; null when none is tracked) and
 * whether one sells: under 'refuse' only when it makes at least one.
 */
export function groupStock(g: ShelfGroup, policy: NegativePolicyValue): OrderCatalogGroup {
  const items = g.items.map((i) => ({ ...i, counter_qty: Number(i.counter_qty) }));
  const tracked = items.filter((i) => i.track_stock);
  const stock = tracked.length
    ? Math.max(0, Math.min(...tracked.map((i) => Math.floor(i.counter_qty / i.qty))))
    : null;
  return { ...g, items, stock, sellable: policy === 'warn' || stock === null || stock > 0 };
}
