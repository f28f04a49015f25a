import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, DEMO, type TestApp } from '../../test/harness.ts';
import { count, rid } from '../../test/kit.ts';
import { deskTestApp } from './desk-test-kit.ts';

/** 抹分 when a table is settled in cash (decision 143): the whole bill in 角, the 分 off the desk fee first. */

let t: TestApp;
let c: Client;
let table: number;
let room: number;
let sku: number;
const q = <T>(text: ReturnType<typeof sql>) => rows<T>(t.database.db, text);

deskTestApp(
  {
    room: { name: '抹分厅', capacity: 6, hourly_fen: 0, min_spend_fen: 500 },
    table: { name: '抹分桌', capacity: 4, hourly_fen: 1000 },
    goods: { name: '抹分桌台饮料', cost_fen: 100, price_fen: 1237, qty: 20 },
  },
  (k) => {
    ({ t, c, room, table, sku } = k);
  },
);

interface Bill {
  session_id: number;
  session_no: string;
  time_fee_fen: number;
  total_fen: number;
  due_fen: number;
  round_fen: number;
  change_fen: number;
}
const open = async (desk: number) => {
  const o = await c.post<Bill>('/api/v1/desk_open', {
    request_id: rid(),
    desk_id: desk,
    customer_name: '王先生',
  });
  expect(o.status, o.msg).toBe(200);
  return o.data;
};
const ranFor = (id: number, min: number) =>
  q(
    sql`update desk_sessions set opened_at = now() - make_interval(mins => ${min}) + interval '30 seconds' where id = ${id}`,
  );
const goods = async (session: number) => {
  const g = await c.request<{ order_id: number }>(
    'POST',
    '/api/v1/desk_goods_order',
    { request_id: rid(), session_id: session, lines: [{ sku_id: sku, qty: 1 }] },
    { json: true },
  );
  expect(g.status, g.msg).toBe(200);
  return g.data.order_id;
};
const settle = (session: number, extra: Record<string, unknown> = {}) =>
  c.post<Bill>('/api/v1/desk_settle', { request_id: rid(), session_id: session, method: 'cash', ...extra });
const tillOf = (no: string) =>
  q<{ kind: string; amount_fen: number }>(
    sql`select kind, amount_fen::int as amount_fen from till_ledger
        where (ref_type = 'desk' and ref_no = ${no}) or order_id in
          (select order_id from desk_session_orders l join desk_sessions x on x.id = l.session_id where x.session_no = ${no})
        order by id`,
  );

describe('抹分 at a table', () => {
  it('takes the 分 of a cash bill off the desk fee: till in whole 角, 抹零 on the table order, once per request', async () => {
    const s = await open(table);
    const order = await goods(s.session_id);
    await ranFor(s.session_id, 7);
    // 7 min × ¥10/h = ¥1.17 (rounded up to the fen) + goods ¥12.37 = ¥13.54 → cash ¥13.50, 抹零 ¥0.04
    const before = await count(t, 'till_ledger');
    const refused: [Record<string, unknown>, string][] = [
      [{ tendered_fen: 1354 }, '现金实收须为整角（收银台不收分币）'],
      [{ tendered_fen: 1340 }, '实收金额不足，应收 ¥13.50'],
    ];
    for (const [body, msg] of refused) {
      const r = await settle(s.session_id, body);
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    expect(await count(t, 'till_ledger')).toBe(before);
    const request_id = rid();
    const r = await settle(s.session_id, { request_id, tendered_fen: 2000 });
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({
      time_fee_fen: 117,
      total_fen: 1354,
      due_fen: 1354,
      round_fen: 4,
      change_fen: 650,
    });
    expect(await tillOf(s.session_no)).toEqual([
      { kind: 'desk', amount_fen: 113 },
      { kind: 'sale', amount_fen: 1237 },
    ]);
    const again = await settle(s.session_id, { request_id, tendered_fen: 2000 });
    expect(again.status).toBe(40007);
    expect(await tillOf(s.session_no)).toHaveLength(2);
    const row = await q<{ round_fen: number }>(
      sql`select round_fen::int as round_fen from desk_sessions where id = ${s.session_id}`,
    );
    expect(row).toEqual([{ round_fen: 4 }]);
    const list = await c.get<{ list: { id: number; round_fen: number }[]; totals: { round_fen: number } }>(
      '/api/v1/desk_order_list',
      { page: 1, page_size: 20 },
    );
    expect(list.data.list.find((x) => x.id === s.session_id)?.round_fen).toBe(4);
    const o = await q<{ round_fen: number }>(
      sql`select round_fen::int as round_fen from orders where id = ${order}`,
    );
    expect(o).toEqual([{ round_fen: 0 }]);
  });

  it('takes the 分 off a goods order when the desk fee is nothing (a minimum-spend room)', async () => {
    const s = await open(room);
    const order = await goods(s.session_id);
    const r = await settle(s.session_id);
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ total_fen: 1237, round_fen: 7, change_fen: 0 });
    expect(await tillOf(s.session_no)).toEqual([{ kind: 'sale', amount_fen: 1230 }]);
    const o = await q<{ round_fen: number; total_fen: number; paid_fen: number }>(
      sql`select round_fen::int as round_fen, total_fen::int as total_fen, paid_fen::int as paid_fen from orders where id = ${order}`,
    );
    expect(o).toEqual([{ round_fen: 7, total_fen: 1230, paid_fen: 1230 }]);
  });

  it('refuses another store’s table and the instant 扫码 (scan settles through its payment)', async () => {
    const s = await open(table);
    await ranFor(s.session_id, 7);
    const other = await (await t.as(DEMO.netbar2)).post('/api/v1/desk_settle', {
      request_id: rid(),
      session_id: s.session_id,
      method: 'cash',
    });
    expect(other.status).toBe(40004);
    // 扫码 settles through its payment (decision 182, counter-pay's desk-scan.test: to the fen); here refused
    const r = await settle(s.session_id, { method: 'scan' });
    expect(r.status, r.msg).toBe(40000);
    expect(await tillOf(s.session_no)).toEqual([]);
    expect((await c.post('/api/v1/desk_cancel', { session_id: s.session_id, reason: '测试' })).status).toBe(
      200,
    );
  });
});
