import { type ComputerStatistics, type OperateStatistic, shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase, rows } from '../../db/client.ts';
import { adminUrl, testDbName, withDatabase } from '../../test/db-names.ts';
import { type Client, createTestApp, DEMO, isPgMode, type TestApp } from '../../test/harness.ts';
import { makeGoods, xlsxRows } from '../../test/kit.ts';

/**
 * Decision 201: with DATABASE_READ_URL, reports and their exports read the replica; writes and the reads
 * that follow a write use the primary. The "replica" here is a second clone of the run's template whose
 * rollups carry a marker the primary does not have.
 */
const MARK = 777_777;
const LEDGER_MARK = '副本标记-201';
const day = shanghaiDate(Date.now() - 400 * 86_400_000);
const url = (path: string) => `/api/v1/${path}?start=${day}&end=${day}`;

describe.runIf(isPgMode())('read replica (PostgreSQL)', () => {
  let t: TestApp;
  let admin: Database;
  let replica: Database;
  let c: Client;
  const name = testDbName();
  beforeAll(async () => {
    const pgUrl = process.env.TEST_DATABASE_URL as string;
    admin = await openDatabase({ databaseUrl: adminUrl(pgUrl) });
    await admin.exec(`create database ${name} template ${inject('pgTemplate')}`);
    replica = await openDatabase({ databaseUrl: withDatabase(pgUrl, name) });
    await replica.exec(
      `insert into report_store_day (netbar_id, day, orders) select id, '${day}', ${MARK} from netbars
       on conflict (netbar_id, day) do update set orders = excluded.orders`,
    );
    // 上机统计: every machine started MARK sessions that day; the agent's wallet ledger: one marked row
    await replica.exec(
      `insert into report_machine_day (netbar_id, day, machine_id, sessions) select netbar_id, '${day}', id, ${MARK}
       from machines on conflict (netbar_id, day, machine_id) do update set sessions = excluded.sessions`,
    );
    await replica.exec(
      `insert into wallet_ledger (agent_id, kind, amount_fen, balance_after_fen, reason)
       select agent_id, 'adjust_in', 1, 0, '${LEDGER_MARK}' from users where user_name = 'demo_agent'`,
    );
    await replica.close();
    t = await createTestApp({ DATABASE_URL: pgUrl, DATABASE_READ_URL: withDatabase(pgUrl, name) });
    c = await t.as(DEMO.netbar);
  });
  afterAll(async () => {
    await t?.close();
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.close();
  });

  it('a report and its export read the replica', async () => {
    const primary = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from report_store_day where orders = ${MARK}`,
    );
    expect(primary[0]!.n).toBe(0);
    const r = await c.get<OperateStatistic>(url('operate_statistic'));
    expect(r.status, r.msg).toBe(200);
    expect(r.data.totals.orders % MARK).toBe(0);
    expect(r.data.totals.orders).toBeGreaterThan(0);
    // the export's 合计 row: 订单数 (the stores' markers summed) as on the screen
    const x = (await xlsxRows(c, url('operate_statistic_export'))) as unknown as { rows: unknown[][] };
    expect(x.rows.at(-1)?.[13]).toBe(r.data.totals.orders);
  });

  it('上机统计 and its export read the replica', async () => {
    const r = await c.get<ComputerStatistics>(url('computer_statistics'));
    expect(r.status, r.msg).toBe(200);
    expect(r.data.summary.sessions).toBeGreaterThan(0);
    expect(r.data.summary.sessions % MARK).toBe(0);
    expect(r.data.machines.every((m) => m.sessions === MARK)).toBe(true);
    const x = await xlsxRows(c, url('computer_statistics_export'));
    expect(x.rows.at(-1)?.[4]).toBe(r.data.summary.sessions);
  });

  it('a moved export (资金流水) reads the replica; a store account is refused it', async () => {
    const primary = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from wallet_ledger where reason = ${LEDGER_MARK}`,
    );
    expect(primary[0]!.n).toBe(0);
    const agent = await t.as(DEMO.agent);
    const x = await xlsxRows(agent, '/api/v1/agent_wallet_ledger_export');
    expect(x.rows.some((row) => row.includes(LEDGER_MARK))).toBe(true);
    expect((await c.get('/api/v1/agent_wallet_ledger_export')).status).toBe(40003);
  });

  it('a day just recomputed on the primary is read from the primary', async () => {
    const r0 = await c.get<OperateStatistic>(url('operate_statistic'));
    const store = r0.data.stores[0]!.id;
    await rows(t.database.db, sql`insert into report_dirty (netbar_id, day) values (${store}, ${day}::date)`);
    const r = await c.get<OperateStatistic>(url('operate_statistic'));
    expect(r.data.totals.orders).toBe(0);
    // the mark is gone: the next call reads the replica again
    const again = await c.get<OperateStatistic>(url('operate_statistic'));
    expect(again.data.totals.orders).toBe(r0.data.totals.orders);
  });

  it('a write and the list after it use the primary; the replica refuses writes', async () => {
    const goodsName = `副本测试${Date.now() % 100000}`;
    await makeGoods(c, goodsName);
    const list = await c.get<{ list: { name: string }[] }>('/api/v1/goods_list', { keyword: goodsName });
    expect(list.data.list.map((g) => g.name)).toEqual([goodsName]);
    await expect(
      rows(t.database.readDb, sql`insert into report_dirty (netbar_id, day) values (1, now()::date)`),
    ).rejects.toThrow();
  });

  it('refuses a report query with a bad date in Chinese, and an agent (not a store) with 40003', async () => {
    const bad = await c.get('/api/v1/operate_statistic', { start: 'x', end: day });
    expect(bad.status).toBe(40000);
    expect(bad.msg).toMatch(/[\u4e00-\u9fa5]/);
    const agent = await t.as(DEMO.agent);
    expect((await agent.get(url('operate_statistic'))).status).toBe(40003);
  });
});

describe('read replica: the embedded default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  it('reads the primary when DATABASE_READ_URL is not set', () => {
    expect(t.database.readDb).toBe(t.database.db);
    expect(t.app.deps.readDb).toBe(t.app.deps.db);
  });
});
