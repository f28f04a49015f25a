import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/harness.ts';
import { count } from '../test/kit.ts';

// Issue 11: the ledgers (operation_log, wallet_ledger, stock_ledger) are append-only.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ API_DOCS: 'login' });
});
afterAll(async () => {
  await t.close();
});

describe('5. ledgers are append-only', () => {
  beforeAll(async () => {
    await t.as(DEMO.agent); // a login writes log rows
    await t.as(DEMO.netbar);
  });
  const refused = async (q: ReturnType<typeof sql>) => expect(t.database.db.execute(q)).rejects.toThrow();

  it('UPDATE, DELETE and TRUNCATE are refused on every ledger, and no session flag opens them', async () => {
    expect(await count(t, 'stock_ledger')).toBeGreaterThan(0);
    await refused(sql`truncate operation_log`);
    await refused(sql`truncate wallet_ledger`);
    await refused(sql`truncate stock_ledger`);
    await refused(sql`update stock_ledger set delta = delta + 1`);
    await refused(sql`delete from stock_ledger`);
    await expect(
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.oplog_purge', 'on', true)`);
        await tx.execute(sql`delete from operation_log`);
      }),
    ).rejects.toThrow();
    expect(await count(t, 'operation_log')).toBeGreaterThan(0);
  });

  it('old rows leave only through ledger_purge, and never a ledger without retention', async () => {
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table operation_log disable trigger operation_log_no_change`);
      await tx.execute(
        sql`update operation_log set at = now() - interval '400 days' where id = (select min(id) from operation_log)`,
      );
      await tx.execute(sql`alter table operation_log enable trigger operation_log_no_change`);
    });
    await refused(sql`delete from operation_log where at < now() - interval '300 days'`);
    await refused(sql`select ledger_purge('wallet_ledger', 1)`);
    await refused(sql`select ledger_purge('stock_ledger', 1)`);
    const before = await count(t, 'operation_log');
    expect(await t.app.deps.oplog.purge(1)).toBe(1);
    expect(await count(t, 'operation_log')).toBe(before - 1);
  });
});
