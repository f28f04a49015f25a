import type { SaleBody } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import type { ItemInfo, NegativePolicy } from './stock-move.ts';

/** The SQL of the sale call (stock-sale.service.ts). */

export interface SaleMove {
  item_kind: string;
  item_id: number;
  name: string;
  delta: number;
  qty_after: number;
}

const list = (ids: number[]) =>
  sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );

/** The store's SKUs among `skuIds`, with their good and whether it tracks stock. */
export function saleSkus(db: Conn, s: TenantScope, skuIds: number[]) {
  const nid = s.netbarId;
  return rows<{ id: number; goods_id: number; track_stock: boolean }>(
    db,
    sql`select k.id, k.goods_id, g.track_stock from goods_skus k join goods g on g.id = k.goods_id
        where k.netbar_id = ${nid} and k.id in (${list(skuIds)})`,
  );
}

export function recipesOf(db: Conn, goodsIds: number[]) {
  return rows<{ goods_id: number; mater_id: number; qty: number }>(
    db,
    sql`select goods_id, mater_id, qty from goods_recipes where goods_id in (${list(goodsIds)})`,
  );
}

/**
 * What a sale needs of its SKUs in one statement: the good, whether it tracks stock, its recipe, its
 * facts as a stock item (as itemInfos reads them) and the store's negative-stock policy.
 */
export function saleFacts(db: Conn, s: TenantScope, skuIds: number[]) {
  const nid = s.netbarId;
  return rows<{
    id: number;
    goods_id: number;
    track_stock: boolean;
    recipe: { mater_id: number; qty: number }[];
    info: ItemInfo;
    negative_policy: NegativePolicy;
  }>(
    db,
    sql`select k.id, k.goods_id, g.track_stock, r.recipe,
          jsonb_build_object('item_kind', 'goods', 'item_id', k.id,
            'name', g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end, 'unit', g.unit,
            'barcode', k.barcode, 'cost_fen', k.cost_fen, 'track_stock', g.track_stock, 'has_recipe', r.recipe <> '[]'::jsonb) as info,
          coalesce((select negative_policy from goods_settings where netbar_id = ${nid}), 'refuse') as negative_policy
        from goods_skus k join goods g on g.id = k.goods_id,
          lateral (select coalesce(jsonb_agg(jsonb_build_object('mater_id', x.mater_id, 'qty', x.qty) order by x.mater_id), '[]'::jsonb) as recipe
                   from goods_recipes x where x.goods_id = g.id) r
        where k.netbar_id = ${nid} and k.id in (${list(skuIds)})`,
  );
}

/** The sale's row; undefined when its request_id already made one (a replay). */
export async function insertSale(
  tx: Conn,
  s: TenantScope,
  body: SaleBody,
  userId: number,
): Promise<{ id: number; sale_no: string } | undefined> {
  const nid = s.netbarId;
  const r = await rows<{ id: number; sale_no: string }>(
    tx,
    sql`insert into stock_sales (netbar_id, request_id, sale_no, lines, user_id)
        values (${nid}, ${body.request_id}, 'XS' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MISS') || lpad((nextval('stock_sales_id_seq') % 1000000)::text, 6, '0'),
                ${JSON.stringify(body.lines)}::jsonb, ${userId})
        on conflict (netbar_id, request_id) do nothing
        returning id, sale_no`,
  );
  return r[0];
}

/** The ledger rows a sale wrote, with item names (joins, not sub-plans per row). */
export function saleMoves(db: Conn, saleId: number) {
  return rows<SaleMove>(
    db,
    sql`select l.item_kind, l.item_id, l.delta::float8 as delta, l.qty_after::float8 as qty_after,
          case when l.item_kind = 'goods' then g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end else m.name end as name
        from stock_ledger l
        left join goods_skus k on l.item_kind = 'goods' and k.id = l.item_id
        left join goods g on g.id = k.goods_id
        left join goods_maters m on l.item_kind = 'mater' and m.id = l.item_id
        where l.sale_id = ${saleId} order by l.id`,
  );
}

export async function saleByRequest(db: Conn, s: TenantScope, requestId: string) {
  const nid = s.netbarId;
  const r = await rows<{ id: number; sale_no: string }>(
    db,
    sql`select id, sale_no from stock_sales where netbar_id = ${nid} and request_id = ${requestId}`,
  );
  return r[0];
}
