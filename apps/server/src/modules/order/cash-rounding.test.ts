import type { ShiftHandoverResult } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, expectMemberLedgerMatches, expectStockLedgerMatches, rid } from '../../test/kit.ts';
import { shiftMismatches } from '../shift/index.ts';
import { counterGoods, expectOrdersBalance, memberWith, post, ringUp } from './order-test-kit.ts';

/** 抹分 at the counter (decision 143): cash is taken in whole 角, the 分 are the order's 抹零. */

let t: TestApp;
let owner: Client;
let staff: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  staff = await t.as(DEMO.netbarStaff);
});
afterEach(async () => {
  await expectOrdersBalance(t);
  await expectStockLedgerMatches(t);
  await expectMemberLedgerMatches(t);
});
afterAll(async () => {
  expect(await shiftMismatches(t.database.db)).toEqual([]);
  await t.close();
});

const till = (orderId: number) =>
  rows<{ kind: string; method: string; amount_fen: number }>(
    t.database.db,
    sql`select kind, method, amount_fen::int from till_ledger where order_id = ${orderId} order by id`,
  );
const cash = (amount_fen: number, tendered_fen?: number) => [{ method: 'cash', amount_fen, tendered_fen }];

describe('抹分: a cash bill ending in 分', () => {
  it('takes ¥12.30 for a ¥12.37 sale: till +12.30, 抹零 7 分 on the order, change from the rounded cash', async () => {
    const sku = await counterGoods(owner, '抹分可乐', 10, { price_fen: 1237 });
    const r = await ringUp(staff, { lines: [{ sku_id: sku, qty: 1 }], payments: cash(1230, 2000) });
    expect(r.status, r.msg).toBe(200);
    const o = r.data.order;
    expect([o.total_fen, o.paid_fen, o.round_fen, o.list_fen - o.total_fen]).toEqual([1230, 1230, 7, 7]);
    expect(o.discount_fen).toBe(7);
    expect(o.lines[0]!.total_fen).toBe(1237);
    expect(o.payments[0]).toMatchObject({ amount_fen: 1230, tendered_fen: 2000, change_fen: 770 });
    expect(r.data.change_fen).toBe(770);
    expect(o.events[1]!.text).toBe('现金¥12.30（实收¥20.00，找零¥7.70），抹零¥0.07');
    expect(await till(o.id)).toEqual([{ kind: 'sale', method: 'cash', amount_fen: 1230 }]);
    // the client may also send the cash part as it is (¥12.37): the server rounds it the same way
    const b = await ringUp(staff, { lines: [{ sku_id: sku, qty: 1 }], payments: cash(1237) });
    expect(b.status, b.msg).toBe(200);
    expect([b.data.order.paid_fen, b.data.order.round_fen, b.data.order.payments[0]!.tendered_fen]).toEqual([
      1230, 7, 1230,
    ]);
  });

  it('hands over with a count in 角 faces that matches expected cash exactly (no 长短款)', async () => {
    const cur = await staff.get<{ shift: { id: number; float_fen: number } | null }>('/api/v1/shift_current');
    expect(cur.status, cur.msg).toBe(200);
    const shiftId = cur.data.shift!.id;
    const sum = await rows<{ s: number }>(
      t.database.db,
      sql`select coalesce(sum(amount_fen), 0)::int as s from till_ledger where shift_id = ${shiftId} and method = 'cash'`,
    );
    const expected = cur.data.shift!.float_fen + sum[0]!.s;
    expect(expected % 10).toBe(0);
    // ¥24.60 = 2 × 10元 + 4 × 1元 + 1 × 5角 + 1 × 1角
    expect(expected).toBe(2460);
    const h = await staff.post<ShiftHandoverResult>('/api/v1/shift_handover', {
      id: shiftId,
      request_id: rid(),
      float_left_fen: 0,
      counts: JSON.stringify([
        { face_fen: 1000, count: 2 },
        { face_fen: 100, count: 4 },
        { face_fen: 50, count: 1 },
        { face_fen: 10, count: 1 },
      ]),
    });
    expect(h.status, h.msg).toBe(200);
    expect(h.data.shift).toMatchObject({
      expected_cash_fen: 2460,
      counted_cash_fen: 2460,
      over_short_fen: 0,
    });
  });

  it('rounds only the cash part of a split payment (会员余额 to the fen), and drops cash that rounds to nothing', async () => {
    const sku = await counterGoods(owner, '抹分薯片', 10, { price_fen: 1237 });
    const member = await memberWith(owner, 5000);
    const split = await ringUp(owner, {
      member_id: member,
      lines: [{ sku_id: sku, qty: 1 }],
      payments: [
        { method: 'member', amount_fen: 1000 },
        { method: 'cash', amount_fen: 237, tendered_fen: 300 },
      ],
    });
    expect(split.status, split.msg).toBe(200);
    const o = split.data.order;
    expect(o.payments.map((p) => [p.method, p.amount_fen, p.change_fen])).toEqual([
      ['member', 1000, 0],
      ['cash', 230, 70],
    ]);
    expect([o.total_fen, o.round_fen]).toEqual([1230, 7]);
    expect(await till(o.id)).toEqual([
      { kind: 'sale', method: 'member', amount_fen: 1000 },
      { kind: 'sale', method: 'cash', amount_fen: 230 },
    ]);
    const tiny = await ringUp(owner, {
      member_id: member,
      lines: [{ sku_id: sku, qty: 1 }],
      payments: [
        { method: 'member', amount_fen: 1230 },
        { method: 'cash', amount_fen: 7 },
      ],
    });
    expect(tiny.status, tiny.msg).toBe(200);
    expect(tiny.data.order.payments.map((p) => p.method)).toEqual(['member']);
    expect([tiny.data.order.paid_fen, tiny.data.order.round_fen]).toEqual([1230, 7]);
    // non-cash methods are unchanged: a member payment settles to the fen
    const card = await ringUp(owner, {
      member_id: member,
      lines: [{ sku_id: sku, qty: 1 }],
      payments: [{ method: 'member', amount_fen: 1237 }],
    });
    expect([card.data.order.paid_fen, card.data.order.round_fen]).toEqual([1237, 0]);
  });

  it('pays an unpaid order once per request_id, rounded once', async () => {
    const sku = await counterGoods(owner, '抹分重试', 10, { price_fen: 1237 });
    const open = await ringUp(owner, { lines: [{ sku_id: sku, qty: 2 }] });
    expect(open.data.order.total_fen).toBe(2474);
    const body = { order_id: open.data.order.id, request_id: rid(), payments: cash(2470, 5000) };
    const a = await post(owner, '/api/v1/order_pay', body);
    const b = await post(owner, '/api/v1/order_pay', body);
    expect([a.status, b.status]).toEqual([200, 40007]);
    expect([b.data.order.total_fen, b.data.order.round_fen, b.data.order.paid_fen]).toEqual([2470, 4, 2470]);
    expect(await till(open.data.order.id)).toEqual([{ kind: 'sale', method: 'cash', amount_fen: 2470 }]);
  });

  it('refunds a rounded order: a partial cash refund in whole 角, the last one what is left, never above what was paid', async () => {
    const a = await counterGoods(owner, '抹分整价', 10, { price_fen: 1000 });
    const b = await counterGoods(owner, '抹分零价', 10, { price_fen: 237 });
    const r = await ringUp(owner, {
      lines: [
        { sku_id: a, qty: 1 },
        { sku_id: b, qty: 1 },
      ],
      payments: cash(1230),
    });
    const o = r.data.order;
    const line = o.lines.find((l) => l.name === '抹分零价')!;
    const part = await post(owner, '/api/v1/order_refund', {
      order_id: o.id,
      request_id: rid(),
      reason: '顾客退货',
      lines: [{ line_id: line.id, qty: 1 }],
    });
    expect(part.status, part.msg).toBe(200);
    expect(part.data.order.refunds[0]).toMatchObject({ amount_fen: 230, round_fen: 7 });
    expect(part.data.order.events.at(-1)!.text).toBe('退款¥2.30（现金¥2.30），抹零¥0.07，原因：顾客退货');
    const rest = await post(owner, '/api/v1/order_refund', {
      order_id: o.id,
      request_id: rid(),
      reason: '不要了',
    });
    expect(rest.status, rest.msg).toBe(200);
    expect(rest.data.order).toMatchObject({ status: 'refunded', refunded_fen: 1230, paid_fen: 1230 });
    expect(rest.data.order.refunds[1]).toMatchObject({ amount_fen: 1000, round_fen: 0 });
    expect((await till(o.id)).map((x) => x.amount_fen)).toEqual([1230, -230, -1000]);
  });

  it('refuses bad cash and another store’s order, writing nothing', async () => {
    const sku = await counterGoods(owner, '抹分拒绝', 10, { price_fen: 1237 });
    const before = [await count(t, 'orders'), await count(t, 'till_ledger')];
    const bad: [unknown[], string][] = [
      [cash(1235), '支付金额合计¥12.35须等于应收金额¥12.37（现金部分¥12.37抹零后为¥12.30）'],
      [cash(1230, 1237), '现金实收须为整角（收银台不收分币）'],
      [cash(1230, 1200), '实收金额不能少于应收金额'],
      [cash(1240), '支付金额合计¥12.40须等于应收金额¥12.37（现金部分¥12.37抹零后为¥12.30）'],
    ];
    for (const [payments, msg] of bad) {
      const r = await ringUp(owner, { lines: [{ sku_id: sku, qty: 1 }], payments });
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    expect([await count(t, 'orders'), await count(t, 'till_ledger')]).toEqual(before);
    const open = await ringUp(owner, { lines: [{ sku_id: sku, qty: 1 }] });
    const other = await t.as(DEMO.netbar2);
    const foreign = await post(other, '/api/v1/order_pay', {
      order_id: open.data.order.id,
      request_id: rid(),
      payments: cash(1230),
    });
    expect(foreign.status).toBe(40004);
    const st = await rows<{ status: string }>(
      t.database.db,
      sql`select status from orders where id = ${open.data.order.id}`,
    );
    expect(st[0]!.status).toBe('unpaid');
  });
});
