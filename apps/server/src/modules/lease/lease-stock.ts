import type { LeaseStockKind } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';

/**
 * The one place a lease item's quantities change (decision 128), in the shape of the stock ledger: lock the
 * item's row, work out the new figures from the locked ones, refuse what would take a figure below zero
 * (in Chinese), write the ledger row and update the running figures, in the caller's transaction. Two
 * rentals of the last unit: the second waits on the lock, then finds nothing on hand and is refused.
 */

/** Signed moves of each kind: on hand (在库) and out with customers (租出). */
const SHAPE: Record<LeaseStockKind, { hand: -1 | 0 | 1; out: -1 | 0 | 1 }> = {
  in: { hand: 1, out: 0 },
  out: { hand: -1, out: 0 },
  rent: { hand: -1, out: 1 },
  return: { hand: 1, out: -1 },
  lost: { hand: 0, out: -1 },
};

export interface LockedItem {
  id: number;
  name: string;
  deposit_fen: number;
  price_fen: number;
  price_unit: 'hour' | 'use';
  qty_on_hand: number;
  qty_out: number;
  enabled: boolean;
}

/** The store's live item, locked for update (another store's id or a deleted item: 40004). */
export async function lockItem(tx: Conn, nid: number, itemId: number): Promise<LockedItem> {
  const r = await rows<LockedItem>(
    tx,
    sql`select id, name, deposit_fen::int, price_fen::int, price_unit, qty_on_hand, qty_out, enabled
        from lease_items where id = ${itemId} and netbar_id = ${nid} and not deleted for update`,
  );
  if (!r[0]) throw new NotFoundError('租赁物品不存在');
  return r[0];
}

export interface StockMove {
  item_id: number;
  kind: LeaseStockKind;
  qty: number;
  lease_id?: number;
  reason?: string;
  request_id: string;
}

export async function moveLeaseStock(
  tx: Conn,
  nid: number,
  user: { id: number; name: string },
  m: StockMove,
): Promise<{ item: LockedItem; hand_after: number; out_after: number }> {
  if (!Number.isSafeInteger(m.qty) || m.qty <= 0) throw new BadInputError('数量须为正整数');
  const item = await lockItem(tx, nid, m.item_id);
  const s = SHAPE[m.kind];
  const hand = s.hand * m.qty;
  const out = s.out * m.qty;
  const handAfter = item.qty_on_hand + hand;
  const outAfter = item.qty_out + out;
  if (handAfter < 0)
    throw new BadInputError(
      m.kind === 'rent'
        ? `${item.name}库存不足：在库${item.qty_on_hand}件，需要${m.qty}件`
        : `${item.name}在库仅${item.qty_on_hand}件，不能报废${m.qty}件`,
    );
  if (outAfter < 0) throw new BadInputError(`${item.name}租出数量不足：租出${item.qty_out}件`);
  await rows(
    tx,
    sql`insert into lease_stock_ledger (netbar_id, item_id, kind, hand_delta, hand_after, out_delta, out_after, lease_id, reason, user_id, user_name, request_id)
        values (${nid}, ${item.id}, ${m.kind}, ${hand}, ${handAfter}, ${out}, ${outAfter}, ${m.lease_id ?? null},
                ${m.reason ?? ''}, ${user.id}, ${user.name}, ${m.request_id})`,
  );
  await rows(
    tx,
    sql`update lease_items set qty_on_hand = ${handAfter}, qty_out = ${outAfter} where id = ${item.id}`,
  );
  return { item, hand_after: handAfter, out_after: outAfter };
}
