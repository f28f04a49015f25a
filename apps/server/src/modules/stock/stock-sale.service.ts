import type { SaleBody } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import type { Actor } from './stock-doc.service.ts';
import { applyMovesTo, itemInfos, itemKey, type Move } from './stock-move.ts';
import { insertSale, type SaleMove, saleByRequest, saleFacts, saleMoves } from './stock-sale.repo.ts';

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
  const skuIds = [...new Set(body.lines.map((l) => l.sku_id))];
  // the SKUs with their recipes, stock facts and the store's negative-stock policy: one statement
  const skus = await saleFacts(db, s, skuIds);
  if (skus.length !== skuIds.length) {
    const prior = await findSale(db, s, body.request_id);
    if (prior) return prior;
    throw new NotFoundError('商品不存在');
  }
  const need = new Map<string, { item_kind: 'goods' | 'mater'; item_id: number; qty: number }>();
  const add = (item_kind: 'goods' | 'mater', item_id: number, qty: number) => {
    const k = itemKey(item_kind, item_id);
    const cur = need.get(k);
    if (cur) cur.qty += qty;
    else need.set(k, { item_kind, item_id, qty });
  };
  for (const l of body.lines) {
    const sku = skus.find((s) => s.id === l.sku_id)!;
    if (sku.recipe.length) for (const r of sku.recipe) add('mater', r.mater_id, r.qty * l.qty);
    else if (sku.track_stock) add('goods', sku.id, l.qty);
  }
  const wanted = [...need.values()].sort((a, b) =>
    a.item_kind + a.item_id < b.item_kind + b.item_id ? -1 : 1,
  );
  const infos = new Map(skus.map((k) => [itemKey('goods', k.id), k.info]));
  const maters = wanted.filter((w) => w.item_kind === 'mater');
  if (maters.length) for (const [k, i] of await itemInfos(db, nid, maters)) infos.set(k, i);
  try {
    return await db.transaction(async (tx) => {
      // once per request_id: a sale already made by it is answered as it was (replay)
      const sale = await insertSale(tx, s, body, actor.id);
      if (!sale) return (await findSale(tx, s, body.request_id))!;
      const moves: Move[] = wanted.map((w) => ({
        item: infos.get(itemKey(w.item_kind, w.item_id))!,
        location: 'counter',
        delta: -w.qty,
      }));
      const done = await applyMovesTo(tx, moves, {
        nid,
        refType: 'sale',
        refNo: sale.sale_no,
        saleId: sale.id,
        user: actor,
        policy: skus[0]?.negative_policy ?? 'refuse',
      });
      return {
        sale_id: sale.id,
        sale_no: sale.sale_no,
        replay: false,
        // the ledger rows just written, in their order (what saleMoves would read back)
        moves: moves.map((m, i) => ({
          item_kind: m.item.item_kind,
          item_id: m.item.item_id,
          name: m.item.name,
          delta: m.delta,
          qty_after: done[i]!.after,
        })),
        warnings: done.flatMap((r) => (r.warning ? [r.warning] : [])),
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
