import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import type { Actor } from './stock-doc.service.ts';
import { applyMoves, itemInfos, itemKey, type Move } from './stock-move.ts';
import { recipesOf, saleSkus } from './stock-sale.repo.ts';

/**
 * Goods back to the counter from a refunded sale (decision 044), the mirror of stockSale: each returned
 * SKU line puts back what selling it took — the good itself when it tracks stock, its recipe's materials
 * (recipe qty × returned qty) when it has one, nothing otherwise — valued at the unit cost the sale took it
 * out at, in one transaction (a savepoint of the caller's), once per request_id. A sale never gets back
 * more of a SKU than it sold (earlier returns counted). Ledger rows: ref_type 'sale_refund', ref_no the
 * caller's refund number.
 */

export interface SaleRefundBody {
  sale_id: number;
  request_id: string;
  refund_no: string;
  lines: { sku_id: number; qty: number }[];
}
export interface SaleRefundResult {
  refund_id: number;
  replay: boolean;
}

export async function stockSaleRefund(
  db: Conn,
  s: TenantScope,
  actor: Actor,
  body: SaleRefundBody,
): Promise<SaleRefundResult> {
  const nid = s.netbarId;
  const prior = await refundByRequest(db, nid, body.request_id);
  if (prior) return { refund_id: prior, replay: true };
  return db.transaction(async (tx) => {
    const sale = (
      await rows<{ id: number; lines: { sku_id: number; qty: number }[] }>(
        tx,
        sql`select id, lines from stock_sales where id = ${body.sale_id} and netbar_id = ${nid} for update`,
      )
    )[0];
    if (!sale) throw new NotFoundError('销售单不存在');
    const earlier = await rows<{ lines: { sku_id: number; qty: number }[] }>(
      tx,
      sql`select lines from stock_sale_refunds where sale_id = ${sale.id}`,
    );
    const left = new Map<number, number>();
    for (const l of sale.lines) left.set(l.sku_id, (left.get(l.sku_id) ?? 0) + l.qty);
    for (const e of earlier) for (const l of e.lines) left.set(l.sku_id, (left.get(l.sku_id) ?? 0) - l.qty);
    const want = new Map<number, number>();
    for (const l of body.lines) want.set(l.sku_id, (want.get(l.sku_id) ?? 0) + l.qty);
    for (const [sku, qty] of want)
      if (qty <= 0 || qty > (left.get(sku) ?? 0)) throw new BadInputError('退货数量超过销售数量');
    const skus = await saleSkus(tx, s, [...want.keys()]);
    const recipes = await recipesOf(
      tx,
      skus.map((k) => k.goods_id),
    );
    const back = new Map<string, { item_kind: 'goods' | 'mater'; item_id: number; qty: number }>();
    const add = (item_kind: 'goods' | 'mater', item_id: number, qty: number) => {
      const k = itemKey(item_kind, item_id);
      const cur = back.get(k);
      if (cur) cur.qty += qty;
      else back.set(k, { item_kind, item_id, qty });
    };
    for (const sku of skus) {
      const qty = want.get(sku.id)!;
      const recipe = recipes.filter((r) => r.goods_id === sku.goods_id);
      if (recipe.length) for (const r of recipe) add('mater', r.mater_id, r.qty * qty);
      else if (sku.track_stock) add('goods', sku.id, qty);
    }
    const r = await rows<{ id: number }>(
      tx,
      sql`insert into stock_sale_refunds (netbar_id, sale_id, request_id, refund_no, lines, user_id)
          values (${nid}, ${sale.id}, ${body.request_id}, ${body.refund_no}, ${JSON.stringify(body.lines)}::jsonb, ${actor.id})
          returning id`,
    );
    const wanted = [...back.values()];
    if (wanted.length) {
      const infos = await itemInfos(tx, nid, wanted);
      const costs = await rows<{ item_kind: string; item_id: number; cost_fen: number }>(
        tx,
        sql`select item_kind, item_id, max(cost_fen) as cost_fen from stock_ledger where sale_id = ${sale.id} group by 1, 2`,
      );
      const moves: Move[] = wanted.map((w) => {
        const item = infos.get(itemKey(w.item_kind, w.item_id))!;
        const c = costs.find((x) => x.item_kind === w.item_kind && Number(x.item_id) === w.item_id);
        return { item, location: 'counter', delta: w.qty, unitCost: c ? Number(c.cost_fen) : item.cost_fen };
      });
      await applyMoves(tx, moves, {
        nid,
        refType: 'sale_refund',
        refNo: body.refund_no,
        user: actor,
        policy: 'allow',
      });
    }
    return { refund_id: r[0]!.id, replay: false };
  });
}

async function refundByRequest(db: Conn, nid: number, requestId: string): Promise<number | undefined> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id from stock_sale_refunds where netbar_id = ${nid} and request_id = ${requestId}`,
  );
  return r[0]?.id;
}
