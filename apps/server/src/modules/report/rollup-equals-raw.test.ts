import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  expectSameMachines,
  machineFiguresFromRaw,
  machineFiguresFromRollup,
} from '../../test/machine-rollup-kit.ts';
import {
  type DayFigures,
  FIGURES,
  figuresFromRaw,
  figuresFromRollup,
  movePaid,
  type RawStore,
  rawRefund,
  rawSale,
  rawSession,
  rawStore,
  rawTopup,
} from '../../test/report-kit.ts';
import { drainAll, refreshRange, rolledDays, rollupMismatches } from './index.ts';

/** Decision 152: after any mix of raw writes, late and back-dated ones included, rollup = raw, every day. */
let t: TestApp;
let s: RawStore;
beforeAll(async () => {
  t = await createTestApp();
  const [top] = await rows<{ id: number }>(
    t.database.db,
    sql`select netbar_id as id from orders group by 1 order by count(*) desc limit 1`,
  );
  s = await rawStore(t.database.db, Number(top?.id));
});
afterAll(() => t.close());

const db = () => t.database.db;
const DAY = 86_400_000;
// a pseudo-random sequence that is the same on every run
let seed = 20260301;
const rnd = (k: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor((seed / 2147483648) * k);
};

function expectSame(raw: Map<string, DayFigures>, rolled: Map<string, DayFigures>) {
  const days = [...new Set([...raw.keys(), ...rolled.keys()])].sort();
  const bad: string[] = [];
  for (const d of days)
    for (const f of FIGURES) {
      const a = raw.get(d)?.[f] ?? 0;
      const b = rolled.get(d)?.[f] ?? 0;
      if (a !== b) bad.push(`${d} ${f}: raw ${a} rollup ${b}`);
    }
  expect(bad).toEqual([]);
  return days.length;
}

describe('daily rollups', () => {
  it('the demo history rolls up to the raw records, every day (JavaScript sums and the SQL check)', async () => {
    await drainAll(db());
    const days = expectSame(await figuresFromRaw(db(), s.nid, 480), await figuresFromRollup(db(), s.nid));
    expect(days).toBeGreaterThan(80);
    // 上机统计's machine and hour rollups (decision 159)
    const figures = await machineFiguresFromRaw(db(), s.nid);
    expect(figures.size).toBeGreaterThan(24 * 80);
    expectSameMachines(figures, await machineFiguresFromRollup(db(), s.nid));
    for (const { day } of await rolledDays(db(), s.nid))
      expect(await rollupMismatches(db(), s.nid, day)).toEqual([]);
  });

  it('a random mix of sales, refunds, sessions and top-ups, late and back-dated, still rolls up equal', async () => {
    const now = Date.now();
    const orders: number[] = [];
    for (let i = 0; i < 120; i++) {
      // anywhere in the last 40 days, many of them between midnight and 08:00 (the previous business day)
      const at = now - rnd(40) * DAY - rnd(24 * 60) * 60_000;
      const k = rnd(5);
      if (k === 0) orders.push(await rawSale(db(), s, at, 1 + rnd(4), 100 + rnd(900)));
      else if (k === 1 && orders.length) {
        const o = orders[rnd(orders.length)] as number;
        // a late refund: today, for an order of any day
        await rawRefund(db(), s, o, now - rnd(6) * 3600_000, 1);
      } else if (k === 2) await rawSession(db(), s, at, 10 + rnd(300), 50 + rnd(2000));
      else if (k === 3) await rawTopup(db(), s, at, 1000 * (1 + rnd(10)), rnd(3) * 500);
      else if (orders.length) await movePaid(db(), orders[rnd(orders.length)] as number, at - 5 * DAY);
    }
    // sessions over two and three business days before the mix's 40 days (days nothing else marks), one of
    // them moved back a week afterwards: every day they cover is marked, not only the start
    const long = await rawSession(db(), s, now - 60 * DAY, 30 * 60, 3000);
    await rawSession(db(), s, now - 52 * DAY - 3600_000, 50 * 60, 5000);
    await rows(
      db(),
      sql`update online_sessions set started_at = started_at - interval '7 days', ended_at = ended_at - interval '7 days'
          where id = ${long}`,
    );
    // marks only: nothing was recomputed yet, and the check sees the difference
    const marked = await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from report_dirty where netbar_id = ${s.nid}`,
    );
    expect(marked[0]?.n, JSON.stringify(marked)).toBeGreaterThan(20);
    const [dirty] = await rows<{ day: string }>(
      db(),
      sql`select day::text as day from report_dirty where netbar_id = ${s.nid} limit 1`,
    );
    expect(await rollupMismatches(db(), s.nid, String(dirty?.day))).not.toEqual([]);

    // a report's refresh recomputes the dirty days of its range; the job drains the rest
    const from = new Date(now - 50 * DAY).toISOString().slice(0, 10);
    const to = new Date(now + DAY).toISOString().slice(0, 10);
    expect(await refreshRange(db(), [s.nid], from, to)).toBeGreaterThan(0);
    expect(await drainAll(db())).toBeGreaterThanOrEqual(0);
    expectSame(await figuresFromRaw(db(), s.nid, 480), await figuresFromRollup(db(), s.nid));
    expectSameMachines(await machineFiguresFromRaw(db(), s.nid), await machineFiguresFromRollup(db(), s.nid));
    for (const { day } of await rolledDays(db(), s.nid))
      expect(await rollupMismatches(db(), s.nid, day)).toEqual([]);
    // recomputing twice changes nothing
    expect(await refreshRange(db(), [s.nid], from, to)).toBe(0);
  });

  it('a new day start regroups the whole history (00:00: calendar days)', async () => {
    const c = await t.as(DEMO.netbar);
    // the owner's current store (its login store) is the one the setting belongs to
    const [own] = await rows<{ id: number }>(
      db(),
      sql`select netbar_id as id from users where user_name = ${DEMO.netbar.user_name}`,
    );
    const nid = Number(own?.id);
    const r = await c.post('/api/v1/report_day_start_save', { day_start: '00:00' });
    expect(r.status, r.msg).toBe(200);
    await drainAll(db());
    expectSame(await figuresFromRaw(db(), nid, 0), await figuresFromRollup(db(), nid));
    expectSameMachines(await machineFiguresFromRaw(db(), nid), await machineFiguresFromRollup(db(), nid));
  });
});
