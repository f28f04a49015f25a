import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';
import { rechain } from './counter-stock.ts';
import type { StockOut } from './shelf.ts';
import type { DemoShift } from './shift.ts';

/** Set-based writing helpers of the demo's counter (decision 137): ids drawn ahead, jsonb_to_recordset inserts. */

export const iso = (t: number) => new Date(t).toISOString();
/** Beijing time as YYYYMMDDHHMMSS, for document numbers. */
export const bj = (t: number) => new Date(t + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
export const tail = (id: number) => String(id % 1_000_000).padStart(6, '0');

export async function drawIds(tx: Conn, seq: string, n: number): Promise<number[]> {
  if (!n) return [];
  const r = await rows<{ id: string }>(tx, sql`select nextval(${seq}) as id from generate_series(1, ${n})`);
  return r.map((x) => Number(x.id));
}

/** Inserts rows given as objects through jsonb_to_recordset, 2,000 at a time. */
export async function insertRecords(tx: Conn, table: string, cols: string, data: Record<string, unknown>[]) {
  const names = cols.split(',').map((c) => c.trim().split(' ')[0]);
  for (let o = 0; o < data.length; o += 2000)
    await rows(
      tx,
      sql`insert into ${sql.raw(table)} (${sql.raw(names.join(', '))})
          select ${sql.raw(names.map((n) => `x.${n}`).join(', '))} from jsonb_to_recordset(${JSON.stringify(data.slice(o, o + 2000))}::jsonb)
          as x(${sql.raw(cols)})`,
    );
}

export function stockRow(nid: number, x: StockOut, who: { id: number; name: string }, at: number) {
  return {
    netbar_id: nid,
    item_kind: x.item_kind,
    item_id: x.item_id,
    location: 'counter',
    delta: x.delta,
    qty_before: 0,
    qty_after: 0,
    cost_fen: Math.abs(Math.round(x.value / x.delta)),
    value_fen: x.value,
    user_id: who.id,
    user_name: who.name,
    at: iso(at),
  };
}

export function tillRow(
  nid: number,
  shift: DemoShift,
  kind: string,
  method: string,
  amount: number,
  orderId: number | null,
  refType: string,
  refNo: string,
  remark: string,
  requestId: string,
  seq: number,
  at: number,
) {
  return {
    netbar_id: nid,
    shift_id: shift.id,
    kind,
    method,
    amount_fen: amount,
    order_id: orderId,
    ref_type: refType,
    ref_no: refNo,
    remark,
    user_id: shift.cashier.id,
    user_name: shift.cashier.name,
    request_id: requestId,
    seq,
    at: iso(at),
  };
}

export const insertTill = (tx: Conn, till: Record<string, unknown>[]) =>
  insertRecords(
    tx,
    'till_ledger',
    `netbar_id int, shift_id bigint, kind text, method text, amount_fen bigint, order_id bigint, ref_type text, ref_no text,
     remark text, user_id int, user_name text, request_id text, seq smallint, at timestamptz`,
    till.sort((a, b) => String(a.at).localeCompare(String(b.at))),
  );

/**
 * Stock ledger rows of the demo's counter without stock_ledger_month's row-by-row upsert of the monthly
 * sums (the prepare time counts): settleStock rebuilds the store's stock_month from the ledger after.
 */
export async function insertStockRows(tx: Conn, cols: string, data: Record<string, unknown>[]) {
  await tx.execute(sql`alter table stock_ledger disable trigger stock_ledger_month`);
  await insertRecords(tx, 'stock_ledger', cols, data);
  await tx.execute(sql`alter table stock_ledger enable trigger stock_ledger_month`);
}

/**
 * Once per store after the demo's counter writers (they are not in time order): the counter's levels are
 * the sums of its ledger again, 变动前/变动后 chained in time order, and the monthly sums
 * (stock_month, as stock_ledger_month keeps them) rebuilt from the ledger.
 */
export async function settleStock(tx: Conn, nid: number) {
  await rows(
    tx,
    sql`update stock_levels v set qty = x.q, value_fen = x.val, last_ledger_id = x.last
        from (select item_kind, item_id, location, sum(delta) as q, sum(value_fen) as val, max(id) as last
              from stock_ledger where netbar_id = ${nid} group by 1, 2, 3) x
        where v.netbar_id = ${nid} and v.item_kind = x.item_kind and v.item_id = x.item_id and v.location = x.location
          and (v.qty <> x.q or v.value_fen <> x.val or v.last_ledger_id <> x.last)`,
  );
  await rechain(tx, nid);
  await rows(tx, sql`delete from stock_month where netbar_id = ${nid}`);
  await rows(
    tx,
    sql`insert into stock_month (netbar_id, item_kind, item_id, location, month, bucket, qty, value_fen)
        select netbar_id, item_kind, item_id, location, date_trunc('month', at at time zone 'Asia/Shanghai')::date,
          stock_bucket(ref_type), sum(delta), sum(value_fen)
        from stock_ledger where netbar_id = ${nid} group by 1, 2, 3, 4, 5, 6`,
  );
}
