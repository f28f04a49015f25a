import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { rid, xlsxRows } from '../../test/kit.ts';

/** The table orders (/order/desk_order_list 265): filters, 合计 = export, detail, grants. */

let t: TestApp;
let c: Client;
const desks: Record<string, number> = {};
const sessions: number[] = [];
const q = <T>(text: ReturnType<typeof sql>) => rows<T>(t.database.db, text);
interface Totals {
  time_fee_fen: number;
  min_topup_fen: number;
  goods_fen: number;
  total_fen: number;
}
interface Page {
  list: { id: number; status: string; desk_name: string; total_fen: number; cashier_name: string }[];
  count: number;
  totals: Totals;
}

beforeAll(async () => {
  t = await createTestApp();
  c = await t.as(DEMO.netbar);
  // the demo's past sessions (demo/desk-sessions.ts) and their goods are not this file's: its counts and 合计 are its five
  await q(sql`delete from desk_session_orders`);
  await q(sql`delete from desk_sessions`);
  for (const [name, hourly, min] of [
    ['测试兰亭', 3000, 10000],
    ['测试竹轩', 4500, 0],
    ['测试桌8', 1200, 0],
  ] as const) {
    const r = await c.post<{ id: number }>('/api/v1/desk_save', {
      name,
      kind: name === '测试桌8' ? 'table' : 'room',
      capacity: 6,
      hourly_fen: hourly,
      min_spend_fen: min,
    });
    desks[name] = r.data.id;
  }
  // three settled (30, 45, 120 minutes), one cancelled, one still open
  const run = async (desk: string, minutes: number | null, end: 'settle' | 'cancel' | 'open') => {
    const o = await c.post<{ session_id: number }>('/api/v1/desk_open', {
      request_id: rid(),
      desk_id: desks[desk],
    });
    expect(o.status, o.msg).toBe(200);
    sessions.push(o.data.session_id);
    if (minutes !== null)
      await q(sql`update desk_sessions set opened_at = now() - make_interval(mins => ${minutes}) + interval '30 seconds'
                  where id = ${o.data.session_id}`);
    if (end === 'settle')
      expect(
        (
          await c.post('/api/v1/desk_settle', {
            request_id: rid(),
            session_id: o.data.session_id,
            method: 'cash',
          })
        ).status,
      ).toBe(200);
    if (end === 'cancel')
      expect(
        (await c.post('/api/v1/desk_cancel', { session_id: o.data.session_id, reason: '测试' })).status,
      ).toBe(200);
  };
  await run('测试兰亭', 30, 'settle'); // 1500 + 低消 8500 = 10000
  await run('测试竹轩', 45, 'settle'); // 3375
  await run('测试桌8', 120, 'settle'); // 2400
  await run('测试兰亭', 10, 'cancel');
  await run('测试竹轩', null, 'open');
});
afterAll(() => t.close());

const list = (who: Client, query: Record<string, unknown> = {}) =>
  who.get<Page>('/api/v1/desk_order_list', query);

describe('table orders', () => {
  it('lists every session newest first with the 合计 of the whole filter', async () => {
    const r = await list(c, { page_size: 2 });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.count).toBe(5);
    expect(r.data.list.map((x) => x.id)).toEqual([sessions[4], sessions[3]]);
    expect(r.data.totals).toEqual({
      time_fee_fen: 1500 + 3375 + 2400,
      min_topup_fen: 8500,
      goods_fen: 0,
      total_fen: 15775,
      // the ¥33.75 session settled in cash: ¥33.70 taken, 5 分 抹零 (decision 143)
      round_fen: 5,
    });
    const settled = await list(c, { status: 'settled' });
    expect(settled.data.list.map((x) => x.status)).toEqual(['settled', 'settled', 'settled']);
    const room = await list(c, { desk_id: desks.测试兰亭 });
    expect([room.data.count, room.data.totals.total_fen]).toEqual([2, 10000]);
    const me = (await q<{ id: number }>(sql`select id from users where user_name = 'demo_netbar'`))[0]!.id;
    expect((await list(c, { cashier_id: me })).data.count).toBe(5);
    expect((await list(c, { cashier_id: me + 100000 })).data.count).toBe(0);
  });

  it('filters by days and refuses days that do not exist or run backwards', async () => {
    const days = await q<{ a: string; b: string; n: number }>(
      sql`with m as (select max(opened_at) at time zone 'Asia/Shanghai' as last from desk_sessions)
          select to_char(min(opened_at) at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as a,
                 to_char((select last from m), 'YYYY-MM-DD') as b,
                 count(*) filter (where opened_at >= date_trunc('day', (select last from m)) at time zone 'Asia/Shanghai')::int as n
          from desk_sessions`,
    );
    const { a: first, b: today } = days[0]!;
    // backdated sessions may have opened yesterday (CST): both days hold all five, the last day its own
    expect((await list(c, { start: first, end: today })).data.count).toBe(5);
    expect((await list(c, { start: today, end: today })).data.count).toBe(days[0]!.n);
    expect((await list(c, { start: '2020-01-01', end: '2020-01-31' })).data.count).toBe(0);
    const bad = await list(c, { start: '2026-02-30' });
    expect([bad.status, bad.msg]).toEqual([40000, '开始日期格式为YYYY-MM-DD']);
    const back = await list(c, { start: today, end: '2020-01-01' });
    expect([back.status, back.msg]).toEqual([40000, '开始日期不能晚于结束日期']);
  });

  it('exports the same rows with a 合计 equal to the screen', async () => {
    const screen = (await list(c, { page_size: 50 })).data;
    const x = await xlsxRows(c, '/api/v1/desk_order_export');
    expect(x.contentType).toContain('spreadsheetml');
    const [head, ...body] = x.rows;
    expect(head).toContain('合计(元)');
    const total = body.pop()!;
    expect(total[0]).toBe('合计');
    expect(body.map((r) => r[0])).toEqual(
      (
        await q<{ no: string }>(
          sql`select session_no as no from desk_sessions order by opened_at desc, id desc`,
        )
      ).map((r) => r.no),
    );
    const col = (h: string) => (head as string[]).indexOf(h);
    expect(total[col('合计(元)')]).toBe(screen.totals.total_fen / 100);
    expect(total[col('包间费(元)')]).toBe(screen.totals.time_fee_fen / 100);
    expect(total[col('低消补足(元)')]).toBe(screen.totals.min_topup_fen / 100);
  });

  it('shows the detail: the running bill of an open table, the settled one with its till rows', async () => {
    const open = await c.get<{ status: string; bill: { status: string; hourly_fen: number } }>(
      '/api/v1/desk_order_detail',
      { id: sessions[4] },
    );
    expect([open.data.status, open.data.bill.hourly_fen]).toEqual(['open', 4500]);
    const done = await c.get<{
      bill: { total_fen: number; min_topup_fen: number };
      payments: { kind: string; amount_fen: number }[];
      goods: unknown[];
    }>('/api/v1/desk_order_detail', { id: sessions[0] });
    expect(done.data.bill).toMatchObject({ total_fen: 10000, min_topup_fen: 8500 });
    expect(done.data.payments).toEqual([
      expect.objectContaining({ kind: 'desk', method: 'cash', amount_fen: 10000 }),
    ]);
    expect(done.data.goods).toEqual([]);
    const cancelled = await c.get<{ cancel_reason: string; status: string }>('/api/v1/desk_order_detail', {
      id: sessions[3],
    });
    expect(cancelled.data).toMatchObject({ status: 'cancelled', cancel_reason: '测试' });
  });

  it('needs 265 for the list and export; agents 40003; another store 40004', async () => {
    const staff = await t.as(DEMO.netbarStaff);
    expect((await list(staff)).status).toBe(40003);
    expect((await staff.get('/api/v1/desk_order_export')).status).toBe(40003);
    // the cashier (264) still opens a detail: the bill it settles
    expect((await staff.get('/api/v1/desk_order_detail', { id: sessions[4] })).status).toBe(200);
    await q(
      sql`insert into grants (user_id, perm_id) select id, 265 from users where user_name = 'demo_netbar_staff'`,
    );
    const granted = await t.as(DEMO.netbarStaff);
    expect((await list(granted)).data.count).toBe(5);
    expect((await list(await t.as(DEMO.agent))).status).toBe(40003);
    const other = await t.as(DEMO.netbar2);
    expect((await list(other)).data.count).toBe(0);
    expect((await other.get('/api/v1/desk_order_detail', { id: sessions[0] })).status).toBe(40004);
  });
});
