import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { drainAll, rollupMismatches } from './index.ts';

/**
 * Retention and the rollups (decision 152, amended; migration 0935): every raw table a rollup counts marks
 * the business day of a deleted row dirty, and the one table with a retention period (operation_log) is
 * not counted by any rollup.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

/** The raw tables report_recompute reads (0851, 0890, 0891); order_lines only through their order. */
const COUNTED = [
  'orders',
  'order_refunds',
  'member_ledger',
  'till_ledger',
  'online_sessions',
  'lease_orders',
  'members',
];

describe('rollups and retention', () => {
  it('each counted raw table has a row trigger that marks report days on delete', async () => {
    // tgtype bits: 1 row, 8 delete; the report triggers call report_mark_row / report_mark_session
    const r = await rows<{ t: string }>(
      db(),
      sql`select distinct c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid
          join pg_proc p on p.oid = g.tgfoid
          where not g.tgisinternal and g.tgtype & 1 = 1 and g.tgtype & 8 = 8 and p.proname like 'report\\_mark%'`,
    );
    const marked = new Set(r.map((x) => x.t));
    expect(COUNTED.filter((x) => !marked.has(x))).toEqual([]);
  });

  it('only operation_log has a retention period, and no rollup function reads it', async () => {
    const kept = await rows<{ t: string }>(
      db(),
      sql`select c.relname as t from pg_trigger g join pg_class c on c.oid = g.tgrelid
          where g.tgname like '%\\_no\\_change' and g.tgnargs >= 2 order by 1`,
    );
    expect(kept.map((x) => x.t)).toEqual(['operation_log']);
    const readers = await rows<{ f: string }>(
      db(),
      sql`select proname as f from pg_proc where proname like 'report\\_%' and prosrc like '%operation_log%'`,
    );
    expect(readers).toEqual([]);
    // ledger_purge refuses a counted ledger: it has no retention period
    const refused = await rows(db(), sql`select ledger_purge('member_ledger'::regclass, 200)`).then(
      () => undefined,
      (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
    );
    expect(refused).toMatch(/no retention period/);
  });

  it('a purge of counted ledger rows marks their days, and the recompute then equals the raw rows', async () => {
    await drainAll(db());
    const [top] = await rows<{ nid: number; day: string; id: number; fen: number }>(
      db(),
      sql`select l.netbar_id as nid, business_day(l.at, report_day_start(l.netbar_id))::text as day, l.id,
            l.principal_delta::float8 as fen
          from member_ledger l where l.kind = 'topup' and l.at < now() - interval '30 days'
          order by l.at limit 1`,
    );
    expect(top, 'a demo top-up a month ago').toBeTruthy();
    const topupOf = async () =>
      Number(
        (
          await rows<{ n: number }>(
            db(),
            sql`select topup_fen::float8 as n from report_store_day where netbar_id = ${top!.nid} and day = ${top!.day}::date`,
          )
        )[0]?.n ?? 0,
      );
    const before = await topupOf();
    // a retention purge as ledger_purge would run it, were member_ledger given a period (the guard lifted
    // here, in the test's own database, as the demo seeder does for the stock ledger)
    await db().transaction(async (tx) => {
      await tx.execute(sql`alter table member_ledger disable trigger member_ledger_no_change`);
      await tx.execute(sql`update members set last_ledger_id = null where last_ledger_id = ${top!.id}`);
      await tx.execute(sql`delete from member_ledger where id = ${top!.id}`);
      await tx.execute(sql`alter table member_ledger enable trigger member_ledger_no_change`);
    });
    const dirty = await rows(
      db(),
      sql`select 1 from report_dirty where netbar_id = ${top!.nid} and day = ${top!.day}::date`,
    );
    expect(dirty).toHaveLength(1);
    await drainAll(db());
    expect(before - (await topupOf())).toBe(top!.fen);
    expect(await rollupMismatches(db(), top!.nid, top!.day)).toEqual([]);
  });
});
