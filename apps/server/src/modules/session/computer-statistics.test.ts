import { addDays, type ComputerStatistics, REPORT_MSG, shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { xlsxRows } from '../../test/kit.ts';
import { type RawStore, rawSession, rawStore } from '../../test/report-kit.ts';

/**
 * 上机统计 (240) over business days 2025-01-06 (Mon) .. 2025-01-07 of the flagship (day start 08:00:
 * the period is [01-06 08:00, 01-08 08:00) Beijing time), before any demo session.
 */

let t: TestApp;
let c: Client;
const cst = (s: string) => Date.parse(`${s}+08:00`);
const P = { start: '2025-01-06', end: '2025-01-07', store_id: 1 };
let a: RawStore;
let b: RawStore;

beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
  const db = t.database.db;
  const s = await rawStore(db, 1);
  const [m2, y] = await rows<{ id: number }>(
    db,
    sql`(select id from machines where netbar_id = 1 and id <> ${s.machineId} order by id limit 1)
        union all (select id from members where netbar_id = 1 and id <> ${s.memberId} order by id limit 1)`,
  );
  await rows(db, sql`update members set created_at = '2024-01-01T00:00:00+08:00' where id = ${s.memberId}`);
  await rows(db, sql`update members set created_at = '2025-01-07T12:00:00+08:00' where id = ${y!.id}`);
  a = s;
  b = { ...s, machineId: m2!.id };
  await rawSession(db, a, cst('2025-01-06T10:00:00'), 120, 1000);
  await rawSession(db, a, cst('2025-01-07T07:00:00'), 60, 500); // business day 01-06
  await rawSession(db, b, cst('2025-01-06T07:30:00'), 60, 300); // started the day before: 30 min inside
  await rawSession(db, { ...b, memberId: y!.id }, cst('2025-01-08T07:00:00'), 30, 200); // business day 01-07
});
afterAll(() => t.close());

const get = (who: Client, q: Record<string, unknown>) =>
  who.get<ComputerStatistics>('/api/v1/computer_statistics', q);

describe('computer statistics (240)', () => {
  it('counts sessions, minutes within the period, fees and idle machines per machine and area', async () => {
    const r = await get(c, P);
    expect(r.status, r.msg).toBe(200);
    const ma = r.data.machines.find((m) => m.machine_id === a.machineId)!;
    const mb = r.data.machines.find((m) => m.machine_id === b.machineId)!;
    expect(ma).toMatchObject({ sessions: 2, minutes: 180, avg_minutes: 90, fee_fen: 1500, idle: false });
    expect(ma.utilisation).toBeCloseTo(180 / 2880, 6);
    expect(mb).toMatchObject({ sessions: 1, minutes: 60, avg_minutes: 30, fee_fen: 500, idle: false });
    const others = r.data.machines.filter(
      (m) => m.machine_id !== a.machineId && m.machine_id !== b.machineId,
    );
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((m) => m.idle && m.sessions === 0)).toBe(true);
    expect(r.data.summary).toMatchObject({
      machines: r.data.machines.length,
      idle_machines: others.length,
      sessions: 3,
      fee_fen: 2000,
      avg_minutes: 70,
    });
    expect(r.data.areas.reduce((x, y) => x + y.sessions, 0)).toBe(3);
    expect(r.data.areas.reduce((x, y) => x + y.machines, 0)).toBe(r.data.machines.length);
    expect(r.data.live.total).toBeGreaterThanOrEqual(r.data.live.online);
  });

  it('heat map by Beijing hour × weekday, as a share of the machines in service', async () => {
    const r = await get(c, P);
    const cell = (hr: number, dow: number) => r.data.heatmap.find((h) => h[0] === hr && h[1] === dow)?.[2];
    const pct = (min: number) => Math.round((min / (r.data.live.total * 60)) * 1000) / 10;
    expect(cell(10, 0)).toBe(pct(60));
    expect(cell(11, 0)).toBe(pct(60));
    expect(cell(8, 0)).toBe(pct(30));
    expect(cell(7, 1)).toBe(pct(60));
    expect(cell(7, 2)).toBe(pct(30));
    expect(cell(12, 0)).toBe(0);
    // outside the period's hours: 01-06 07:00 is before it
    expect(cell(7, 0)).toBeUndefined();
    expect(r.data.heatmap.length).toBe(48);
  });

  it('new against returning members, per business day', async () => {
    const r = await get(c, P);
    expect(r.data.members).toEqual({
      new_members: 1,
      returning_members: 1,
      days: [
        { day: '2025-01-06', new_members: 0, returning_members: 1 },
        { day: '2025-01-07', new_members: 1, returning_members: 0 },
      ],
    });
  });

  it('exports the machines with a 合计 equal to the screen', async () => {
    const r = await get(c, P);
    const x = await xlsxRows(
      c,
      '/api/v1/computer_statistics_export?start=2025-01-06&end=2025-01-07&store_id=1',
    );
    expect(x.rows[0]?.slice(0, 5)).toEqual(['门店', '区域', '机器', '当前状态', '上机次数']);
    expect(x.rows.length).toBe(r.data.machines.length + 2);
    const last = x.rows.at(-1)!;
    expect([last[0], last[4], last[5], last[7]]).toEqual(['合计', 3, 240, 20]);
  });

  it('a session still open counts its minutes up to now and its length so far (read raw, decision 159)', async () => {
    const db = t.database.db;
    const [free] = await rows<{ machine_id: number; member_id: number; area_id: number }>(
      db,
      sql`select (select id from machines where netbar_id = 1 and id not in
            (select machine_id from online_sessions where ended_at is null) order by id limit 1) as machine_id,
          (select id from members where netbar_id = 1 and id not in
            (select member_id from online_sessions where ended_at is null) order by id limit 1) as member_id,
          (select area_id from machines where netbar_id = 1 order by id limit 1) as area_id`,
    );
    const q = { start: addDays(shanghaiDate(), -1), end: shanghaiDate(), store_id: 1 };
    const of = (d: ComputerStatistics) => d.machines.find((m) => m.machine_id === free!.machine_id)!;
    const used = (d: ComputerStatistics) => d.heatmap.reduce((x, h) => x + h[2], 0);
    const before = (await get(c, q)).data;
    await rows(
      db,
      sql`insert into online_sessions (netbar_id, member_id, machine_id, area_id, plan_name, rules, source, started_at)
          values (1, ${free!.member_id}, ${free!.machine_id}, ${free!.area_id}, '测试', '{}'::jsonb, 'console',
            now() - interval '90 minutes')`,
    );
    const after = (await get(c, q)).data;
    expect(of(after).sessions).toBe(of(before).sessions + 1);
    expect(of(after).minutes - of(before).minutes).toBeGreaterThanOrEqual(89);
    expect(of(after).minutes - of(before).minutes).toBeLessThanOrEqual(91);
    expect(after.summary.sessions).toBe(before.summary.sessions + 1);
    expect(used(after)).toBeGreaterThan(used(before));
    await rows(
      db,
      sql`delete from online_sessions where machine_id = ${free!.machine_id} and ended_at is null`,
    );
  });

  it('a chain head reads its chain; another tenant, staff without 240 and agents are refused', async () => {
    const chain = await get(c, { start: P.start, end: P.end });
    expect(chain.data.stores.map((s) => s.id)).toEqual([1, 2, 3]);
    expect(chain.data.summary.sessions).toBe(3);
    expect(new Set(chain.data.machines.map((m) => m.store_id)).size).toBeGreaterThanOrEqual(1);
    const other = await t.as(DEMO.netbar2);
    const theirs = await get(other, { start: P.start, end: P.end });
    expect(theirs.status, theirs.msg).toBe(200);
    expect(theirs.data.machines.some((m) => [1, 2, 3].includes(m.store_id))).toBe(false);
    expect(theirs.data.summary.sessions).toBe(0);
    expect((await get(other, P)).msg).toBe(REPORT_MSG.store);
    expect((await get(await t.as(DEMO.netbarStaff), P)).status).toBe(40003);
    expect((await get(await t.as(DEMO.agent), P)).status).toBe(40003);
  });

  it('refuses bad periods and stores in Chinese', async () => {
    const msg = async (q: Record<string, unknown>) => {
      const r = await get(c, q);
      expect(r.status).toBe(40000);
      return r.msg;
    };
    expect(await msg({ start: '2025-01-07', end: '2025-01-06' })).toBe(REPORT_MSG.reversed);
    expect(await msg({ start: '2024-01-01', end: '2025-01-06' })).toBe(REPORT_MSG.tooLong);
    expect(await msg({ start: shanghaiDate(), end: addDays(shanghaiDate(), 1) })).toBe(REPORT_MSG.future);
    expect(await msg({ start: '2025-02-30', end: '2025-03-01' })).toBe(REPORT_MSG.badDate);
    expect(await msg({ end: '2025-01-06' })).toBe(REPORT_MSG.start);
    expect(await msg({ ...P, store_id: 999999 })).toBe(REPORT_MSG.store);
  });
});
