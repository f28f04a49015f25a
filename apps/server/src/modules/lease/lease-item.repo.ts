import type { LeaseItemQuery, LeaseItemRow, LeaseItemSaveBody, LeaseStockRow } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** Lease items of a store (application equipment_leasing 10519) and their quantity ledger. */

const ITEM_COLS = sql`i.id, i.name, i.deposit_fen::int, i.price_fen::int, i.price_unit, i.qty_on_hand, i.qty_out,
  i.enabled, i.remark, ${fmtTs('i.updated_at')} as updated_at`;

export async function listItems(db: Conn, nid: number, q: LeaseItemQuery) {
  const w: SQL[] = [sql`i.netbar_id = ${nid}`, sql`not i.deleted`];
  if (q.keyword) w.push(sql`i.name ilike ${`%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (q.enabled !== undefined) w.push(sql`i.enabled = ${q.enabled}`);
  const where = sql.join(w, sql` and `);
  const [list, tot] = await Promise.all([
    rows<LeaseItemRow>(
      db,
      sql`select ${ITEM_COLS} from lease_items i where ${where} order by i.id desc ${pageSql(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from lease_items i where ${where}`),
  ]);
  return { list, count: Number(tot[0]?.n ?? 0) };
}

export async function itemById(db: Conn, nid: number, id: number): Promise<LeaseItemRow | undefined> {
  const r = await rows<LeaseItemRow>(
    db,
    sql`select ${ITEM_COLS} from lease_items i where i.id = ${id} and i.netbar_id = ${nid} and not i.deleted`,
  );
  return r[0];
}

export async function insertItem(tx: Conn, nid: number, b: LeaseItemSaveBody): Promise<number> {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into lease_items (netbar_id, name, deposit_fen, price_fen, price_unit, enabled, remark)
        values (${nid}, ${b.name}, ${b.deposit_fen}, ${b.price_fen}, ${b.price_unit}, ${b.enabled ?? true}, ${b.remark ?? ''})
        returning id`,
  );
  return Number(r[0]!.id);
}

/** Updates the item's terms (rentals already out keep the terms they were rented on). */
export async function updateItem(tx: Conn, nid: number, id: number, b: LeaseItemSaveBody): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`update lease_items set name = ${b.name}, deposit_fen = ${b.deposit_fen}, price_fen = ${b.price_fen},
          price_unit = ${b.price_unit}, enabled = coalesce(${b.enabled ?? null}::boolean, enabled), remark = ${b.remark ?? ''}, updated_at = now()
        where id = ${id} and netbar_id = ${nid} and not deleted returning id`,
  );
  return r.length > 0;
}

/** Marks the item deleted (its ledger and leases stay); the caller has checked nothing is out. */
export async function deleteItem(tx: Conn, nid: number, id: number): Promise<void> {
  await rows(
    tx,
    sql`update lease_items set deleted = true, enabled = false, updated_at = now() where id = ${id} and netbar_id = ${nid}`,
  );
}

export async function itemLedger(
  db: Conn,
  nid: number,
  itemId: number,
  q: { page: number; page_size: number },
) {
  const where = sql`l.netbar_id = ${nid} and l.item_id = ${itemId}`;
  const [list, tot] = await Promise.all([
    rows<LeaseStockRow>(
      db,
      sql`select l.id::int, l.kind, l.hand_delta, l.hand_after, l.out_delta, l.out_after, coalesce(o.lease_no, '') as lease_no,
            l.reason, l.user_name, ${fmtTs('l.at')} as at
          from lease_stock_ledger l left join lease_orders o on o.id = l.lease_id
          where ${where} order by l.id desc ${pageSql(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from lease_stock_ledger l where ${where}`),
  ]);
  return { list, count: Number(tot[0]?.n ?? 0) };
}

/** A stock movement already booked with this request id (a retry). */
export async function stockByRequest(db: Conn, nid: number, requestId: string) {
  const r = await rows<{ item_id: number }>(
    db,
    sql`select item_id from lease_stock_ledger where netbar_id = ${nid} and request_id = ${requestId}`,
  );
  return r[0];
}
