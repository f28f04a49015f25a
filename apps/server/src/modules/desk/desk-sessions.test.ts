import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, DEMO, type TestApp } from '../../test/harness.ts';
import { count, rid } from '../../test/kit.ts';
import { deskTestApp } from './desk-test-kit.ts';

/** Open a table, order goods to it, settle the bill through the till in one transaction, or cancel it. */

let t: TestApp;
let c: Client;
let room: number;
let table: number;
let sku: number;
const q = <T>(text: ReturnType<typeof sql>) => rows<T>(t.database.db, text);

deskTestApp(
  {
    room: { name: '测试厅', capacity: 8, hourly_fen: 6000, min_spend_fen: 20000 },
    table: { name: '测试桌1', capacity: 4, hourly_fen: 1000 },
    goods: { name: '桌台可乐', cost_fen: 150, price_fen: 300, qty: 50 },
  },
  (k) => {
    ({ t, c, room, table, sku } = k);
  },
);

interface Bill {
  session_id: number;
  session_no: string;
  minutes: number;
  time_fee_fen: number;
  min_topup_fen: number;
  goods_fen: number;
  total_fen: number;
  due_fen: number;
  change_fen: number;
  status: string;
}
const open = (who: Client, desk: number, extra: Record<string, unknown> = {}) =>
  who.post<Bill>('/api/v1/desk_open', {
    request_id: rid(),
    desk_id: desk,
    customer_name: '李女士',
    ...extra,
  });
/** Backdates a session: it has run `min` minutes and 30 seconds less (so a slow test still bills `min`). */
const ranFor = (id: number, min: number) =>
  q(
    sql`update desk_sessions set opened_at = now() - make_interval(mins => ${min}) + interval '30 seconds' where id = ${id}`,
  );
const goods = (who: Client, session: number, qty: number, request_id = rid()) =>
  who.request<{ order_id: number; total_fen: number }>(
    'POST',
    '/api/v1/desk_goods_order',
    { request_id, session_id: session, lines: [{ sku_id: sku, qty }] },
    { json: true },
  );
const settle = (who: Client, session: number, extra: Record<string, unknown> = {}) =>
  who.post<Bill>('/api/v1/desk_settle', { request_id: rid(), session_id: session, method: 'cash', ...extra });
const tillOf = (no: string) =>
  q<{ kind: string; method: string; amount_fen: number }>(
    sql`select kind, method, amount_fen::int as amount_fen from till_ledger
        where (ref_type = 'desk' and ref_no = ${no}) or order_id in
          (select order_id from desk_session_orders l join desk_sessions x on x.id = l.session_id where x.session_no = ${no})
        order by id`,
  );

describe('a table from opening to the bill', () => {
  it('opens a walk-in, takes goods, and settles time fee + 低消补足 + goods in cash with change', async () => {
    const o = await open(c, room);
    expect([o.status, o.data.status]).toEqual([200, 'open']);
    const board = await c.get<{ list: { id: number; state: string }[] }>('/api/v1/desk_board');
    expect(board.data.list.find((d) => d.id === room)?.state).toBe('in_use');
    expect((await open(c, room)).msg).toBe('该包间/桌台正在使用中');

    const g = await goods(c, o.data.session_id, 2);
    expect([g.status, g.data.total_fen], g.msg).toEqual([200, 600]);
    await ranFor(o.data.session_id, 90);
    const bill = await c.get<Bill>('/api/v1/desk_bill', { session_id: o.data.session_id });
    // 90 min × ¥60/h = ¥90; goods ¥6; minimum ¥200 → 低消补足 ¥104
    expect(bill.data).toMatchObject({
      minutes: 90,
      time_fee_fen: 9000,
      goods_fen: 600,
      min_topup_fen: 10400,
      total_fen: 20000,
      due_fen: 20000,
    });

    const request_id = rid();
    const s = await settle(c, o.data.session_id, { request_id, tendered_fen: 25000 });
    expect([s.status, s.msg]).toEqual([200, '结账成功']);
    expect(s.data).toMatchObject({ status: 'settled', total_fen: 20000, due_fen: 20000, change_fen: 5000 });
    expect(await tillOf(o.data.session_no)).toEqual([
      { kind: 'desk', method: 'cash', amount_fen: 19400 },
      { kind: 'sale', method: 'cash', amount_fen: 600 },
    ]);
    const order = await q<{ status: string; paid_fen: number }>(
      sql`select status, paid_fen::int as paid_fen from orders where id = ${g.data.order_id}`,
    );
    expect(order).toEqual([{ status: 'done', paid_fen: 600 }]);

    // a retry applies once; another request on a settled table is refused
    const tills = await count(t, 'till_ledger');
    const again = await settle(c, o.data.session_id, { request_id, tendered_fen: 25000 });
    expect([again.status, again.data.total_fen]).toEqual([40007, 20000]);
    expect((await settle(c, o.data.session_id)).msg).toBe('该桌台订单已结账');
    expect((await goods(c, o.data.session_id, 1)).msg).toBe('该桌台订单已结账，不能再点商品');
    expect(await count(t, 'till_ledger')).toBe(tills);
  });

  it('applies a retried goods order once', async () => {
    const o = await open(c, table);
    const request_id = rid();
    const a = await goods(c, o.data.session_id, 1, request_id);
    const b = await goods(c, o.data.session_id, 1, request_id);
    expect([a.status, b.status, b.data.order_id]).toEqual([200, 40007, a.data.order_id]);
    expect((await c.get<Bill>('/api/v1/desk_bill', { session_id: o.data.session_id })).data.goods_fen).toBe(
      300,
    );
    expect((await settle(c, o.data.session_id)).status).toBe(200);
  });

  it('opens from a booking; a walk-in cannot take a desk booked for now', async () => {
    const start = await q<{ s: string; e: string }>(
      sql`select to_char(now() at time zone 'Asia/Shanghai' + interval '5 minutes', 'YYYY-MM-DD HH24:MI') as s,
                 to_char(now() at time zone 'Asia/Shanghai' + interval '3 hours', 'YYYY-MM-DD HH24:MI') as e`,
    );
    const b = await c.post<{ id: number }>('/api/v1/desk_booking_save', {
      request_id: rid(),
      desk_id: table,
      customer_name: '赵先生',
      mobile: '13900000002',
      start_at: start[0]!.s,
      end_at: start[0]!.e,
    });
    expect(b.status, b.msg).toBe(200);
    await q(sql`update desk_bookings set start_at = now() - interval '1 minute' where id = ${b.data.id}`);
    const walkIn = await open(c, table);
    expect(walkIn.status).toBe(40009);
    expect(walkIn.msg).toContain('当前时段已被预订（赵先生）');
    const wrongDesk = await open(c, room, { booking_id: b.data.id });
    expect(wrongDesk.msg).toBe('该预订是「测试桌1」的，不是「测试厅」');
    const seated = await open(c, table, { booking_id: b.data.id, customer_name: '' });
    expect(seated.status, seated.msg).toBe(200);
    const booking = await q<{ status: string }>(
      sql`select status from desk_bookings where id = ${b.data.id}`,
    );
    expect(booking[0]!.status).toBe('seated');
    const row = await c.get<{ customer_name: string; booking_id: number }>('/api/v1/desk_order_detail', {
      id: seated.data.session_id,
    });
    expect(row.data).toMatchObject({ customer_name: '赵先生', booking_id: b.data.id });
    expect((await settle(c, seated.data.session_id)).status).toBe(200);
  });

  it('settles from the member balance: member ledger and till in one transaction', async () => {
    const m = (
      await q<{ id: number; bal: number }>(
        sql`select m.id, (m.principal_fen + m.bonus_fen)::int as bal from members m join users u on u.netbar_id = m.netbar_id
            where u.user_name = 'demo_netbar' and m.status = 1 order by m.principal_fen desc limit 1`,
      )
    )[0]!;
    expect(m.bal).toBeGreaterThan(5000);
    const o = await open(c, table, { member_id: m.id });
    await ranFor(o.data.session_id, 60);
    const noMember = await open(c, room);
    const refused = await settle(c, noMember.data.session_id, { method: 'member' });
    expect([refused.status, refused.msg]).toEqual([40000, '该桌台未关联会员，不能用会员余额结账']);
    const s = await settle(c, o.data.session_id, { method: 'member' });
    expect([s.status, s.data.total_fen], s.msg).toEqual([200, 1000]);
    const after = await q<{ bal: number }>(
      sql`select (principal_fen + bonus_fen)::int as bal from members where id = ${m.id}`,
    );
    expect(after[0]!.bal).toBe(m.bal - 1000);
    expect(await tillOf(o.data.session_no)).toEqual([{ kind: 'desk', method: 'member', amount_fen: 1000 }]);
    expect(
      (await c.post('/api/v1/desk_cancel', { session_id: noMember.data.session_id, reason: '开错了' }))
        .status,
    ).toBe(200);
  });

  it('refuses short cash and bad input; nothing is written', async () => {
    const o = await open(c, room);
    await ranFor(o.data.session_id, 10);
    const [tills, sessions] = [await count(t, 'till_ledger'), await count(t, 'desk_sessions')];
    const short = await settle(c, o.data.session_id, { tendered_fen: 100 });
    expect([short.status, short.msg]).toEqual([40000, '实收金额不足，应收 ¥200.00']);
    for (const [bad, msg] of [
      [{ method: 'card' }, '请选择支付方式'],
      [{ tendered_fen: -1 }, '实收金额须为0-1000000元之间的金额'],
      [{ session_id: 'x' }, '请选择桌台订单'],
    ] as const) {
      const r = await settle(c, o.data.session_id, bad);
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    expect((await goods(c, o.data.session_id, 0)).msg).toBe('数量须为1-999之间的整数');
    expect((await open(c, room, { request_id: 'bad' })).status).toBe(40000);
    expect([await count(t, 'till_ledger'), await count(t, 'desk_sessions')]).toEqual([tills, sessions]);
    const still = await c.get<Bill>('/api/v1/desk_bill', { session_id: o.data.session_id });
    expect(still.data.status).toBe('open');
    expect((await settle(c, o.data.session_id)).status).toBe(200);
  });

  it('cancels a table opened by mistake with its unpaid goods; not once settled or cancelled', async () => {
    const o = await open(c, table);
    const g = await goods(c, o.data.session_id, 3);
    const noReason = await c.post('/api/v1/desk_cancel', { session_id: o.data.session_id });
    expect([noReason.status, noReason.msg]).toEqual([40000, '请填写取消原因（1-100个字符）']);
    const x = await c.post<Bill>('/api/v1/desk_cancel', {
      session_id: o.data.session_id,
      reason: '顾客离开',
    });
    expect([x.status, x.data.status, x.data.total_fen]).toEqual([200, 'cancelled', 0]);
    const order = await q<{ status: string }>(sql`select status from orders where id = ${g.data.order_id}`);
    expect(order[0]!.status).toBe('cancelled');
    expect(
      (await c.post('/api/v1/desk_cancel', { session_id: o.data.session_id, reason: '再取消' })).msg,
    ).toBe('该桌台订单已取消');
    expect((await settle(c, o.data.session_id)).msg).toBe('该桌台订单已取消');
  });

  it('refuses agents and another store (40004); the cashier (264) works the counter', async () => {
    const agent = await t.as(DEMO.agent);
    expect((await open(agent, table)).status).toBe(40003);
    const other = await t.as(DEMO.netbar2);
    const mine = await open(c, table);
    expect((await open(other, table)).status).toBe(40004);
    expect((await other.get('/api/v1/desk_bill', { session_id: mine.data.session_id })).status).toBe(40004);
    expect((await settle(other, mine.data.session_id)).status).toBe(40004);
    expect((await goods(other, mine.data.session_id, 1)).status).toBe(40004);
    expect(
      (await other.post('/api/v1/desk_cancel', { session_id: mine.data.session_id, reason: 'x' })).status,
    ).toBe(40004);
    const staff = await t.as(DEMO.netbarStaff);
    const s = await settle(staff, mine.data.session_id);
    expect([s.status, s.msg]).toEqual([200, '结账成功']);
    const cashier = await q<{ cashier_name: string }>(
      sql`select cashier_name from desk_sessions where id = ${mine.data.session_id}`,
    );
    expect(cashier[0]!.cashier_name).toBe('小陈');
  });
});
