import { sql } from 'drizzle-orm';
import { type Conn, type Db, rows } from '../../db/client.ts';

/**
 * The daily rollups (decision 152): triggers on the raw tables mark (store, business day) dirty in the
 * writer's transaction; `report_recompute` (migration 0851) rebuilds one store-day of every rollup table
 * from the raw records and clears the mark. Running it twice gives the same rows.
 */

export interface StoreDay {
  netbar_id: number;
  day: string;
}

/** Rebuilds one store-day now. */
export const recomputeDay = (db: Conn, nid: number, day: string) =>
  rows(db, sql`select report_recompute(${nid}, ${day}::date)`);

/**
 * Recomputes the dirty days of `stores` within start..end before a report reads them. Each mark is
 * locked first (a job recomputing it finishes before), so the read that follows sees every raw record
 * committed before it.
 */
export async function refreshRange(db: Db, stores: number[], start: string, end: string): Promise<number> {
  if (!stores.length) return 0;
  const dirty = await rows<StoreDay>(
    db,
    sql`select netbar_id, day::text as day from report_dirty
        where netbar_id in (${sql.join(
          stores.map((s) => sql`${s}`),
          sql`, `,
        )})
          and day between ${start}::date and ${end}::date
        order by netbar_id, day`,
  );
  for (const d of dirty) await recomputeLocked(db, d, false);
  return dirty.length;
}

/**
 * Recomputes the stores' marked days on the primary, then names where the report reads (decision 201):
 * the read replica, or the primary when a day was just recomputed here (the replica may not have it yet).
 */
export async function refreshedReader(
  db: Db,
  readDb: Db,
  stores: number[],
  start: string,
  end: string,
): Promise<Db> {
  const recomputed = await refreshRange(db, stores, start, end);
  return recomputed > 0 ? db : readDb;
}

/** Recomputes one marked day in its own transaction if the mark is still there. */
async function recomputeLocked(db: Db, d: StoreDay, skipLocked: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const lock = skipLocked ? sql`for update skip locked` : sql`for update`;
    const mark = await rows(
      tx,
      sql`select 1 from report_dirty where netbar_id = ${d.netbar_id} and day = ${d.day}::date ${lock}`,
    );
    if (!mark.length) return false;
    await recomputeDay(tx, d.netbar_id, d.day);
    return true;
  });
}

/**
 * One pass of the rollup job: recomputes up to `limit` dirty store-days, oldest marks first (marks left
 * by a crash are simply still there). Returns how many it rebuilt.
 */
export async function drainDirty(db: Db, limit = 200): Promise<number> {
  const dirty = await rows<StoreDay>(
    db,
    sql`select netbar_id, day::text as day from report_dirty order by marked_at, netbar_id, day limit ${limit}`,
  );
  let n = 0;
  for (const d of dirty) if (await recomputeLocked(db, d, true)) n++;
  return n;
}

/** Drains every dirty mark (tests, the demo, catching up at start). */
export async function drainAll(db: Db): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await drainDirty(db, 500);
    total += n;
    if (!n) return total;
  }
}

/** Marks every business day of a store from its first raw record to today (its day start changed). */
export const markWholeHistory = (db: Conn, nid: number) =>
  rows(
    db,
    sql`insert into report_dirty (netbar_id, day)
        select ${nid}, g::date from generate_series(
          (select least(
             (select min(paid_at) from orders where netbar_id = ${nid}),
             (select min(at) from till_ledger where netbar_id = ${nid}),
             (select min(at) from member_ledger where netbar_id = ${nid}),
             (select min(started_at) from online_sessions where netbar_id = ${nid}),
             (select min(created_at) from members where netbar_id = ${nid}),
             (select min(closed_at) from lease_orders where netbar_id = ${nid}),
             (select min(paid_at) from imported_collections where netbar_id = ${nid}))
           at time zone 'Asia/Shanghai')::date - 1,
          (now() at time zone 'Asia/Shanghai')::date, interval '1 day') g
        on conflict do nothing`,
  );

const ROLLUPS = [
  'report_store_day',
  'report_goods_day',
  'report_area_day',
  'report_pay_day',
  'report_machine_day',
  'report_hour_day',
  'report_member_day',
] as const;

async function snapshot(tx: Conn, nid: number, day: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of ROLLUPS) {
    const r = await rows<{ j: string | null }>(
      tx,
      sql`select coalesce(jsonb_agg(to_jsonb(x) order by to_jsonb(x)::text), '[]'::jsonb)::text as j
          from ${sql.identifier(table)} x where x.netbar_id = ${nid} and x.day = ${day}::date`,
    );
    out[table] = r[0]?.j ?? '[]';
  }
  return out;
}

class Rollback extends Error {}

/**
 * The check: recomputes one store-day from the raw records and compares it with the rollup rows kept
 * now, then undoes the recompute. Returns the rollup tables that differ (empty when rollup = raw). A day
 * still marked dirty is expected to differ until it is recomputed.
 */
export async function rollupMismatches(db: Db, nid: number, day: string): Promise<string[]> {
  let diff: string[] = [];
  try {
    await db.transaction(async (tx) => {
      const kept = await snapshot(tx, nid, day);
      await recomputeDay(tx, nid, day);
      const fresh = await snapshot(tx, nid, day);
      diff = ROLLUPS.filter((t) => kept[t] !== fresh[t]);
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return diff;
}

/** Store-days having any rollup row or raw mark, for the check over a whole store. */
export const rolledDays = (db: Conn, nid: number) =>
  rows<{ day: string }>(
    db,
    sql`select day::text as day from report_store_day where netbar_id = ${nid}
        union select day::text from report_dirty where netbar_id = ${nid} order by 1`,
  );
