import { fenToYuanNumber, type OperateFigures, type OperateStatistic, shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { xlsxRows } from '../../test/kit.ts';

/** 经营统计 (241): figures from the rollups equal the raw records; chain side by side; refusals. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const today = shanghaiDate();
const daysAgo = (n: number) => shanghaiDate(Date.now() - n * DAY);
const url = (q: Record<string, string | number>) =>
  `/api/v1/operate_statistic?${new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)]))}`;

describe('operate_statistic', () => {
  it('a chain head sees every store side by side, the chain total and the previous period', async () => {
    const c = await t.as(DEMO.netbar);
    const r = await c.get<OperateStatistic>(url({ start: daysAgo(29), end: today }));
    expect(r.status, r.msg).toBe(200);
    const d = r.data;
    expect(d.rows).toHaveLength(30);
    expect(d.stores.length).toBeGreaterThan(1);
    expect(d.choices.map((x) => x.id)).toEqual(d.stores.map((x) => x.id));
    const sum = (k: 'revenue_fen' | 'topup_fen' | 'net_cash_fen', xs: OperateFigures[]) =>
      xs.reduce((a, x) => a + x[k], 0);
    for (const k of ['revenue_fen', 'topup_fen', 'net_cash_fen'] as const) {
      expect(sum(k, d.rows)).toBe(d.totals[k]);
      expect(
        sum(
          k,
          d.stores.map((x) => x.totals as never),
        ),
      ).toBe(d.totals[k]);
      expect(
        sum(
          k,
          d.stores.map((x) => x.previous as never),
        ),
      ).toBe(d.previous.totals[k]);
    }
    expect(d.totals.revenue_fen).toBeGreaterThan(0);
    expect(d.previous.totals.revenue_fen).toBeGreaterThan(0);
    expect(d.previous.end).toBe(daysAgo(30));
    // weeks and months cover the same days with the same totals
    for (const group of ['week', 'month']) {
      const g = await c.get<OperateStatistic>(url({ start: daysAgo(29), end: today, group }));
      expect(g.data.totals).toEqual(d.totals);
      expect(g.data.rows[0]?.start).toBe(daysAgo(29));
      expect(g.data.rows.at(-1)?.end).toBe(today);
    }
  });

  it("one day's figures equal that day's orders, sessions and top-ups (business day from 08:00)", async () => {
    const c = await t.as(DEMO.netbar);
    const day = daysAgo(3);
    const [raw] = await rows<Record<string, number>>(
      t.database.db,
      sql`select (select netbar_id from users where user_name = 'demo_netbar') as nid`,
    );
    const nid = Number(raw?.nid);
    const [want] = await rows<Record<string, number>>(
      t.database.db,
      sql`select
        (select coalesce(sum(total_fen), 0)::float8 from orders where netbar_id = ${nid}
           and paid_at is not null and business_day(paid_at, 480) = ${day}::date) as goods_fen,
        (select count(*)::float8 from orders where netbar_id = ${nid}
           and paid_at is not null and business_day(paid_at, 480) = ${day}::date) as orders,
        (select count(*)::float8 from online_sessions where netbar_id = ${nid}
           and business_day(started_at, 480) = ${day}::date) as sessions,
        (select coalesce(sum(principal_delta), 0)::float8 from member_ledger where netbar_id = ${nid}
           and kind = 'topup' and business_day(at, 480) = ${day}::date) as topup_fen,
        (select coalesce(sum(-(principal_delta + bonus_delta)), 0)::float8 from member_ledger where netbar_id = ${nid}
           and session_id is not null and business_day(at, 480) = ${day}::date) as online_fen`,
    );
    const r = await c.get<OperateStatistic>(url({ start: day, end: day, store_id: nid }));
    expect(r.status, r.msg).toBe(200);
    expect(r.data.stores.map((x) => x.id)).toEqual([nid]);
    expect(want?.orders).toBeGreaterThan(0);
    expect(r.data.rows[0]).toMatchObject(want as object);
  });

  it('the export carries the screen rows and a 合计 row equal to the screen totals', async () => {
    const c = await t.as(DEMO.netbar);
    const q = { start: daysAgo(13), end: today, group: 'week' };
    const screen = (await c.get<OperateStatistic>(url(q))).data;
    const x = await xlsxRows(c, url(q).replace('operate_statistic?', 'operate_statistic_export?'));
    expect(x.contentType).toContain('spreadsheet');
    expect(x.rows[0]?.[0]).toBe('周期');
    expect(x.rows.slice(1, -1).map((r) => r[0])).toEqual(screen.rows.map((r) => r.label));
    const total = x.rows.at(-1) ?? [];
    expect(total[0]).toBe('合计');
    expect(total[5]).toBe(fenToYuanNumber(screen.totals.revenue_fen));
    expect(total[12]).toBe(fenToYuanNumber(screen.totals.net_cash_fen));
    expect(total[13]).toBe(screen.totals.orders);
  });

  it("refuses another tenant's store, bad ranges and callers without 241", async () => {
    const c = await t.as(DEMO.netbar);
    const [other] = await rows<{ id: number }>(
      t.database.db,
      sql`select netbar_id as id from users where user_name = ${DEMO.netbar2.user_name}`,
    );
    const base = { start: daysAgo(6), end: today };
    for (const [q, msg] of [
      [{ ...base, store_id: Number(other?.id) }, '门店参数错误'],
      [{ ...base, store_id: 99999999 }, '门店参数错误'],
      [{ start: today, end: daysAgo(1) }, '开始日期不能晚于结束日期'],
      [{ start: daysAgo(366), end: today }, '查询范围不能超过366天'],
      [{ start: today, end: shanghaiDate(Date.now() + 2 * DAY) }, '结束日期不能晚于今天'],
      [{ ...base, group: 'year' }, '统计周期只能是按日、按周或按月'],
      [{ start: '2026-02-30', end: today }, '日期不存在或格式不正确（YYYY-MM-DD）'],
    ] as const) {
      const r = await c.get(url(q));
      expect([r.status, r.msg], JSON.stringify(q)).toEqual([40000, msg]);
    }
    for (const who of [DEMO.agent, DEMO.admin, DEMO.netbarStaff]) {
      const r = await (await t.as(who)).get(url(base));
      expect(r.status, who.user_name).toBe(40003);
    }
    // staff with the grant read their current store only
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) select id, 241 from users where user_name = 'demo_netbar_staff'
          on conflict do nothing`,
    );
    const staff = await t.as(DEMO.netbarStaff);
    const r = await staff.get<OperateStatistic>(url(base));
    expect(r.status, r.msg).toBe(200);
    expect(r.data.stores).toHaveLength(1);
    expect((await staff.get(url({ ...base, store_id: Number(other?.id) }))).msg).toBe('门店参数错误');
  });
});
