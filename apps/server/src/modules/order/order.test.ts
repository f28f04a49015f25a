import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import type { Client, TestApp } from '../../test/harness.ts';
import { count, rid } from '../../test/kit.ts';
import { counterGoods, counterQty, memberWith, orderTestApp, post, ringUp } from './order-test-kit.ts';

let t: TestApp;
let owner: Client;
orderTestApp((app, o) => {
  t = app;
  owner = o;
});

const till = (orderId: number) =>
  rows<{ kind: string; method: string; amount_fen: number }>(
    t.database.db,
    sql`select kind, method, amount_fen::int from till_ledger where order_id = ${orderId} order by id`,
  );

describe('ringing up at the counter', () => {
  it('sells two lines for cash: priced on the server, change recorded, till books the amount due, stock leaves, done', async () => {
    const cola = await counterGoods(owner, '订单可乐', 10, { cost_fen: 150, price_fen: 300 });
    const chips = await counterGoods(owner, '订单薯片', 10, { cost_fen: 200, price_fen: 550 });
    const r = await ringUp(owner, {
      lines: [
        { sku_id: cola, qty: 2 },
        { sku_id: chips, qty: 1 },
      ],
      payments: [{ method: 'cash', amount_fen: 1150, tendered_fen: 2000 }],
    });
    expect(r.status, r.msg).toBe(200);
    const o = r.data.order;
    expect(o).toMatchObject({
      status: 'done',
      source: 'counter',
      total_fen: 1150,
      paid_fen: 1150,
      refunded_fen: 0,
    });
    expect(o.order_no).toMatch(/^DD\d{20}$/);
    expect(r.data.change_fen).toBe(850);
    expect(o.lines.map((l) => [l.name, l.qty, l.unit_fen, l.total_fen, l.cost_fen])).toEqual([
      ['订单可乐', 2, 300, 600, 150],
      ['订单薯片', 1, 550, 550, 200],
    ]);
    expect(o.payments[0]).toMatchObject({
      method: 'cash',
      amount_fen: 1150,
      tendered_fen: 2000,
      change_fen: 850,
    });
    expect(o.events.map((e) => e.kind)).toEqual(['create', 'pay', 'finish']);
    expect(o.events[1]!.text).toBe('现金¥11.50（实收¥20.00，找零¥8.50）');
    expect(await till(o.id)).toEqual([{ kind: 'sale', method: 'cash', amount_fen: 1150 }]);
    expect([await counterQty(t, cola), await counterQty(t, chips)]).toEqual([8, 9]);
    expect(o.shift_id).toBeGreaterThan(0);
  });

  it('applies the same ring-up once when retried with its request_id (40007, the first order)', async () => {
    const sku = await counterGoods(owner, '订单重试', 5);
    const key = rid();
    const body = {
      request_id: key,
      lines: [{ sku_id: sku, qty: 1 }],
      payments: [{ method: 'cash', amount_fen: 300 }],
    };
    const a = await ringUp(owner, body);
    const b = await ringUp(owner, body);
    expect([a.status, b.status]).toEqual([200, 40007]);
    expect(b.data.order.id).toBe(a.data.order.id);
    expect(await counterQty(t, sku)).toBe(4);
    expect(await till(a.data.order.id)).toHaveLength(1);
  });

  it('rings up unpaid, then pays by member balance and cash split; a retried payment applies once', async () => {
    const sku = await counterGoods(owner, '订单拆分', 5, { price_fen: 1000 });
    const mid = await memberWith(owner, 600);
    const r = await ringUp(owner, { lines: [{ sku_id: sku, qty: 1 }], member_id: mid });
    expect(r.data.order).toMatchObject({ status: 'unpaid', total_fen: 1000, paid_fen: 0 });
    expect(await counterQty(t, sku)).toBe(5);
    const pay = {
      order_id: r.data.order.id,
      request_id: rid(),
      payments: [
        { method: 'member', amount_fen: 600 },
        { method: 'cash', amount_fen: 400, tendered_fen: 500 },
      ],
    };
    const p = await post(owner, '/api/v1/order_pay', pay);
    expect(p.status, p.msg).toBe(200);
    expect(p.data.order).toMatchObject({ status: 'done', paid_fen: 1000 });
    expect(p.data.change_fen).toBe(100);
    expect((await post(owner, '/api/v1/order_pay', pay)).status).toBe(40007);
    expect(await till(r.data.order.id)).toEqual([
      { kind: 'sale', method: 'member', amount_fen: 600 },
      { kind: 'sale', method: 'cash', amount_fen: 400 },
    ]);
    const m = await rows<{ kind: string; principal_delta: number; order_id: number; shift_id: number }>(
      t.database.db,
      sql`select kind, principal_delta::int, order_id::int, shift_id::int from member_ledger where member_id = ${mid} and kind = 'consume'`,
    );
    expect(m).toEqual([
      { kind: 'consume', principal_delta: -600, order_id: r.data.order.id, shift_id: p.data.order.shift_id },
    ]);
    expect(await counterQty(t, sku)).toBe(4);
    const again = await post(owner, '/api/v1/order_pay', { ...pay, request_id: rid() });
    expect([again.status, again.msg]).toEqual([40009, '订单已支付']);
  });

  it('pays by the scan-code sandbox; cancels only an unpaid order', async () => {
    const sku = await counterGoods(owner, '订单扫码', 5);
    const a = await ringUp(owner, {
      lines: [{ sku_id: sku, qty: 1 }],
      payments: [{ method: 'scan', amount_fen: 300 }],
    });
    expect(a.data.order.payments[0]!.method).toBe('scan');
    const c1 = await post(owner, '/api/v1/order_cancel', { order_id: a.data.order.id });
    expect([c1.status, c1.msg]).toEqual([40009, '订单已支付，不能取消']);
    const b = await ringUp(owner, { lines: [{ sku_id: sku, qty: 1 }] });
    const c2 = await post(owner, '/api/v1/order_cancel', { order_id: b.data.order.id, reason: '顾客不要了' });
    expect(c2.data.order.status).toBe('cancelled');
    expect(c2.data.order.events.at(-1)!.text).toBe('取消原因：顾客不要了');
    expect(
      (
        await post(owner, '/api/v1/order_pay', {
          order_id: b.data.order.id,
          request_id: rid(),
          payments: [{ method: 'cash', amount_fen: 300 }],
        })
      ).msg,
    ).toBe('订单已取消，不能支付');
    expect(await counterQty(t, sku)).toBe(4);
  });

  it('lets the owner edit a price (line discount, even below cost); a higher price is refused', async () => {
    const sku = await counterGoods(owner, '订单改价', 5, { cost_fen: 200, price_fen: 500 });
    const r = await ringUp(owner, {
      lines: [{ sku_id: sku, qty: 2, price_fen: 150 }],
      payments: [{ method: 'cash', amount_fen: 300 }],
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.order.lines[0]).toMatchObject({
      list_fen: 500,
      unit_fen: 150,
      total_fen: 300,
      edited: true,
    });
    expect(r.data.order.discount_fen).toBe(700);
    const up = await ringUp(owner, { lines: [{ sku_id: sku, qty: 1, price_fen: 600 }] });
    expect([up.status, up.msg]).toEqual([40000, '订单改价改价不能高于售价¥5.00']);
  });

  it('moves a seat order through 接单, 制作, 送达, 完成 with a timeline row each', async () => {
    const sku = await counterGoods(owner, '订单座位', 5);
    const r = await ringUp(owner, {
      source: 'seat',
      lines: [{ sku_id: sku, qty: 1 }],
      payments: [{ method: 'cash', amount_fen: 300 }],
    });
    expect(r.data.order.status).toBe('paid');
    const id = r.data.order.id;
    const step = (action: string) => post(owner, '/api/v1/order_status', { order_id: id, action });
    expect((await step('accept')).data.order.status).toBe('paid');
    expect((await step('prepare')).data.order.status).toBe('preparing');
    expect((await step('prepare')).status).toBe(40009);
    expect((await step('deliver')).data.order.status).toBe('delivered');
    const done = await step('finish');
    expect(done.data.order.status).toBe('done');
    expect(done.data.order.events.map((e) => e.kind)).toEqual([
      'create',
      'pay',
      'accept',
      'prepare',
      'deliver',
      'finish',
    ]);
  });
});

describe('refunds', () => {
  it('refunds one line of a split order: member balance first, goods back to the counter, part_refunded; then the rest', async () => {
    const a = await counterGoods(owner, '退款甲', 10, { cost_fen: 100, price_fen: 400 });
    const b = await counterGoods(owner, '退款乙', 10, { cost_fen: 100, price_fen: 300 });
    const mid = await memberWith(owner, 500);
    const r = await ringUp(owner, {
      member_id: mid,
      lines: [
        { sku_id: a, qty: 2 },
        { sku_id: b, qty: 1 },
      ],
      payments: [
        { method: 'member', amount_fen: 500 },
        { method: 'cash', amount_fen: 600 },
      ],
    });
    expect(r.status, r.msg).toBe(200);
    const o = r.data.order;
    const key = rid();
    const body = {
      order_id: o.id,
      request_id: key,
      reason: '商品过期',
      lines: [{ line_id: o.lines[0]!.id, qty: 1 }],
    };
    const f = await post(owner, '/api/v1/order_refund', body);
    expect(f.status, f.msg).toBe(200);
    expect(f.data.order).toMatchObject({ status: 'part_refunded', refunded_fen: 400 });
    expect(f.data.order.refunds[0]).toMatchObject({
      amount_fen: 400,
      reason: '商品过期',
      methods: [{ method: 'member', amount_fen: 400 }],
    });
    expect((await post(owner, '/api/v1/order_refund', body)).status).toBe(40007);
    expect(await counterQty(t, a)).toBe(9);
    const back = await rows<{ kind: string; principal_delta: number }>(
      t.database.db,
      sql`select kind, principal_delta::int from member_ledger where member_id = ${mid} and order_id = ${o.id} order by id`,
    );
    expect(back).toEqual([
      { kind: 'consume', principal_delta: -500 },
      { kind: 'consume_refund', principal_delta: 400 },
    ]);
    const all = await post(owner, '/api/v1/order_refund', {
      order_id: o.id,
      request_id: rid(),
      reason: '整单退',
    });
    expect(all.status, all.msg).toBe(200);
    expect(all.data.order).toMatchObject({ status: 'refunded', refunded_fen: 1100 });
    expect(all.data.order.refunds[1]!.methods).toEqual([
      { method: 'member', amount_fen: 100 },
      { method: 'cash', amount_fen: 600 },
    ]);
    expect([await counterQty(t, a), await counterQty(t, b)]).toEqual([10, 10]);
    expect(await till(o.id)).toEqual([
      { kind: 'sale', method: 'member', amount_fen: 500 },
      { kind: 'sale', method: 'cash', amount_fen: 600 },
      { kind: 'refund', method: 'member', amount_fen: -400 },
      { kind: 'refund', method: 'member', amount_fen: -100 },
      { kind: 'refund', method: 'cash', amount_fen: -600 },
    ]);
    const ledger = await rows<{ ref_type: string; delta: number }>(
      t.database.db,
      sql`select ref_type, delta::int from stock_ledger where item_kind = 'goods' and item_id = ${a} and location = 'counter' and ref_type like 'sale%' order by id`,
    );
    expect(ledger).toEqual([
      { ref_type: 'sale', delta: -2 },
      { ref_type: 'sale_refund', delta: 1 },
      { ref_type: 'sale_refund', delta: 1 },
    ]);
    const again = await post(owner, '/api/v1/order_refund', {
      order_id: o.id,
      request_id: rid(),
      reason: '再退',
    });
    expect([again.status, again.msg]).toEqual([40009, '订单已全额退款']);
  });

  it('splits a promotion-priced line so its refunds add up to the line total exactly', async () => {
    const sku = await counterGoods(owner, '退款分摊', 10, { price_fen: 100 });
    // edited to 3 × ¥0.33 = ¥0.99: two single refunds of 33 fen, the last gets what is left (paid by scan:
    // cash would be taken to the 角, decision 143, and cash-rounding.test.ts covers that)
    const r = await ringUp(owner, {
      lines: [{ sku_id: sku, qty: 3, price_fen: 33 }],
      payments: [{ method: 'scan', amount_fen: 99 }],
    });
    const line = r.data.order.lines[0]!.id;
    for (const _ of [1, 2, 3])
      expect(
        (
          await post(owner, '/api/v1/order_refund', {
            order_id: r.data.order.id,
            request_id: rid(),
            reason: '退',
            lines: [{ line_id: line, qty: 1 }],
          })
        ).status,
      ).toBe(200);
    const d = await owner.get<{
      order: { refunded_fen: number; status: string; refunds: { amount_fen: number }[] };
    }>('/api/v1/order_detail', { id: r.data.order.id });
    expect(d.data.order.refunds.map((x) => x.amount_fen)).toEqual([33, 33, 33]);
    expect([d.data.order.refunded_fen, d.data.order.status]).toEqual([99, 'refunded']);
    expect(await count(t, 'stock_sale_refunds')).toBeGreaterThan(0);
  });
});
