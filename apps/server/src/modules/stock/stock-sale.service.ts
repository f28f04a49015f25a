import type { SaleBody } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { Actor } from './stock-doc.service.ts';
import { applyMoves, itemInfos, itemKey, type Move, negativePolicyOf } from './stock-move.ts';

/**
 * The stock call a sale uses (decision 044): deducts sold goods from the counter (吧台) — or, for a good
 * with a recipe, the recipe's materials — in one transaction, once per request_id.
 */

export interface SaleResult {
  sale_id: number;
  sale_no: string;
  replay: boolean;
  moves: { item_kind: string; item_id: number; name: string; delta: number; qty_after: number }[];
  warnings: string[];
}

export async function stockSale(db: Db, nid: number, actor: Actor, body: SaleBody): Promise<SaleResult> {
  const prior = await findSale(db, nid, body.request_id);
  if (prior) return prior;
  const skuIds = [...new Set(body.lines.map((l) => l.sku_id))];
  const skus = await rows<{ id: number; goods_id: number; track_stock: boolean }>(
    db,
    sql`select k.id, k.goods_id, g.track_stock from goods_skus k join goods g on g.id = k.goods_id
        where k.netbar_id = ${nid} and k.id in (${sql.join(
          skuIds.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  if (skus.length !== skuIds.length) throw new NotFoundError('商品不存在');
  const recipes = await rows<{ goods_id: number; mater_id: number; qty: number }>(
    db,
    sql`select goods_id, mater_id, qty from goods_recipes where goods_id in (${sql.join(
      skus.map((s) => sql`${s.goods_id}`),
      sql`, `,
    )})`,
  );
  const need = new Map<string, { item_kind: 'goods' | 'mater'; item_id: number; qty: number }>();
  const add = (item_kind: 'goods' | 'mater', item_id: number, qty: number) => {
    const k = itemKey(item_kind, item_id);
    const cur = need.get(k);
    if (cur) cur.qty += qty;
    else need.set(k, { item_kind, item_id, qty });
  };
  for (const l of body.lines) {
    const sku = skus.find((s) => s.id === l.sku_id)!;
    const recipe = recipes.filter((r) => r.goods_id === sku.goods_id);
    if (recipe.length) for (const r of recipe) add('mater', r.mater_id, r.qty * l.qty);
    else if (sku.track_stock) add('goods', sku.id, l.qty);
  }
  const wanted = [...need.values()].sort((a, b) =>
    a.item_kind + a.item_id < b.item_kind + b.item_id ? -1 : 1,
  );
  const infos = await itemInfos(db, nid, wanted);
  try {
    return await db.transaction(async (tx) => {
      const sale = await rows<{ id: number; sale_no: string }>(
        tx,
        sql`insert into stock_sales (netbar_id, request_id, sale_no, lines, user_id)
            values (${nid}, ${body.request_id}, 'XS' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MISS') || lpad((nextval('stock_sales_id_seq') % 1000000)::text, 6, '0'),
                    ${JSON.stringify(body.lines)}::jsonb, ${actor.id})
            returning id, sale_no`,
      );
      const s = sale[0]!;
      const moves: Move[] = wanted.map((w) => ({
        item: infos.get(itemKey(w.item_kind, w.item_id))!,
        location: 'counter',
        delta: -w.qty,
      }));
      const warnings = await applyMoves(tx, moves, {
        nid,
        refType: 'sale',
        refNo: s.sale_no,
        saleId: s.id,
        user: actor,
        policy: await negativePolicyOf(tx, nid),
      });
      return { sale_id: s.id, sale_no: s.sale_no, replay: false, moves: await saleMoves(tx, s.id), warnings };
    });
  } catch (e) {
    const again = await findSale(db, nid, body.request_id);
    if (again) return again;
    throw e;
  }
}

async function saleMoves(db: Db | Parameters<Parameters<Db['transaction']>[0]>[0], saleId: number) {
  return rows<SaleResult['moves'][number]>(
    db,
    sql`select l.item_kind, l.item_id, l.delta::float8 as delta, l.qty_after::float8 as qty_after,
          case when l.item_kind = 'goods' then (select g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end from goods_skus k join goods g on g.id = k.goods_id where k.id = l.item_id)
          else (select m.name from goods_maters m where m.id = l.item_id) end as name
        from stock_ledger l where l.sale_id = ${saleId} order by l.id`,
  );
}

async function findSale(db: Db, nid: number, requestId: string): Promise<SaleResult | undefined> {
  const r = await rows<{ id: number; sale_no: string }>(
    db,
    sql`select id, sale_no from stock_sales where netbar_id = ${nid} and request_id = ${requestId}`,
  );
  if (!r[0]) return undefined;
  return {
    sale_id: r[0].id,
    sale_no: r[0].sale_no,
    replay: true,
    moves: await saleMoves(db, r[0].id),
    warnings: [],
  };
}
