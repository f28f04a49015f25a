import type { SaleBody } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import type { Actor } from './stock-doc.service.ts';
import { applyMoves, itemInfos, itemKey, type Move, negativePolicyOf } from './stock-move.ts';
import {
  insertSale,
  recipesOf,
  type SaleMove,
  saleByRequest,
  saleMoves,
  saleSkus,
} from './stock-sale.repo.ts';

/**
 * The stock call a sale uses (decision 044): deducts sold goods from the counter (吧台) — or, for a good
 * with a recipe, the recipe's materials — in one transaction, once per request_id. Inside a caller's
 * open transaction (a goods redemption, decision 118) the work runs in a savepoint of it.
 */

export interface SaleResult {
  sale_id: number;
  sale_no: string;
  replay: boolean;
  moves: SaleMove[];
  warnings: string[];
}

export async function stockSale(db: Conn, s: TenantScope, actor: Actor, body: SaleBody): Promise<SaleResult> {
  const nid = s.netbarId;
  const prior = await findSale(db, s, body.request_id);
  if (prior) return prior;
  const skuIds = [...new Set(body.lines.map((l) => l.sku_id))];
  const skus = await saleSkus(db, s, skuIds);
  if (skus.length !== skuIds.length) throw new NotFoundError('商品不存在');
  const recipes = await recipesOf(
    db,
    skus.map((k) => k.goods_id),
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
      const sale = await insertSale(tx, s, body, actor.id);
      const moves: Move[] = wanted.map((w) => ({
        item: infos.get(itemKey(w.item_kind, w.item_id))!,
        location: 'counter',
        delta: -w.qty,
      }));
      const warnings = await applyMoves(tx, moves, {
        nid,
        refType: 'sale',
        refNo: sale.sale_no,
        saleId: sale.id,
        user: actor,
        policy: await negativePolicyOf(tx, nid),
      });
      return {
        sale_id: sale.id,
        sale_no: sale.sale_no,
        replay: false,
        moves: await saleMoves(tx, sale.id),
        warnings,
      };
    });
  } catch (e) {
    const again = await findSale(db, s, body.request_id);
    if (again) return again;
    throw e;
  }
}

async function findSale(db: Conn, s: TenantScope, requestId: string): Promise<SaleResult | undefined> {
  const r = await saleByRequest(db, s, requestId);
  if (!r) return undefined;
  return { sale_id: r.id, sale_no: r.sale_no, replay: true, moves: await saleMoves(db, r.id), warnings: [] };
}
