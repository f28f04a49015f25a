import type { CounterScanRow, MemberRow, OrderResult } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { expectOrdersBalance, memberWith } from '../../test/counter-kit.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  expectMemberLedgerMatches,
  expectStockLedgerMatches,
  makeGoods,
  postStockDoc,
  rid,
} from '../../test/kit.ts';
import { notifyRace, paymentState } from '../../test/payment-kit.ts';
import { paymentsOf } from '../payment/index.ts';

/** Decision 169: an order or a top-up paid by scan is finished by the payment's settlement, once. */
let t: TestApp;
let shop: Client;
let shop2: Client;
let sku: number;
beforeAll(async () => {
  t = await createTestApp();
  shop = await t.as(DEMO.netbar);
  shop2 = await t.as(DEMO.netbar2);
  const g = await makeGoods(shop, '扫码可乐', [{ spec: '', cost_fen: 100, price_fen: 350 }]);
  sku = g.skuIds[0]!;
  for (const doc of ['goods_in', 'goods_bar_in'])
    expect((await postStockDoc(shop, doc, [{ item_kind: 'goods', item_id: sku, qty: 20 }])).status).toBe(200);
});
afterEach(async () => {
  await expectOrdersBalance(t);
  await expectStockLedgerMatches(t);
  await expectMemberLedgerMatches(t);
});
afterAll(() => t.close());

const post = <T>(c: Client, url: string, body: Record<string, unknown>) =>
  c.request<T>('POST', `/api/v1/${url}`, body, { json: true });
const unpaidOrder = async (qty = 1) => {
  const r = await post<OrderResult>(shop, 'order_create', {
    request_id: rid(),
    lines: [{ sku_id: sku, qty }],
  });
  expect(r.status, r.msg).toBe(200);
  return r.data.order;
};
const scan = (order_id: number, pay_type = 'wechat', c = shop) =>
  post<CounterScanRow>(c, 'order_scan_pay', { order_id, pay_type, request_id: rid() });
const query = (no: string, c = shop) =>
  c.get<CounterScanRow>('/api/v1/counter_scan_query', { payment_no: no });
const counterQty = async () =>
  (
    await rows<{ q: number }>(
      t.database.db,
      sql`select coalesce(sum(qty), 0)::int as q from stock_levels where item_kind = 'goods' and item_id = ${sku} and location = 'counter'`,
    )
  )[0]!.q;
const orderOf = async (id: number) =>
  (await shop.get<OrderResult>('/api/v1/order_detail', { id })).data.order;
/** The customer pays at the sandbox; its queued notification is dropped (the test sends its own). */
async function customerPays(no: string) {
  await paymentsOf(t.app.deps).sandbox.pay(no);
  await rows(t.database.db, sql`delete from sandbox_notify_queue`);
}

describe('an order paid by scan', () => {
  it('waits unpaid with no stock taken; 10 parallel notifications finish it once (扫码 on the shift)', async () => {
    const before = await counterQty();
    const o = await unpaidOrder(2);
    const s = await scan(o.id);
    expect(s.status, s.msg).toBe(200);
    expect(s.data).toMatchObject({
      status: 'waiting',
      status_label: '等待付款',
      amount_fen: 700,
      purpose: 'order',
    });
    expect(s.data.qr_payload).toMatch(/^http/);
    expect(await counterQty()).toBe(before);
    expect((await orderOf(o.id)).status).toBe('unpaid');
    // a double click (same request id) answers the same QR
    await customerPays(s.data.payment_no);
    const race = await notifyRace(t.app, s.data.payment_no, 10);
    expect(race.accepted).toBe(10);
    expect(race.outcomes).toMatchObject({ settled: 1, repeated: 9 });
    const done = await orderOf(o.id);
    expect(done.status).toBe('done');
    expect(done.payments.map((p) => [p.method, p.amount_fen])).toEqual([['scan', 700]]);
    expect(await counterQty()).toBe(before - 2);
    const till = await rows<{ n: number; fen: number }>(
      t.database.db,
      sql`select count(*)::int as n, sum(amount_fen)::int as fen from till_ledger where order_id = ${o.id} and method = 'scan'`,
    );
    expect(till[0]).toEqual({ n: 1, fen: 700 });
    expect((await query(s.data.payment_no)).data.status).toBe('paid');
  });

  it('cancel closes the payment and cancels the order: no order paid, no stock taken', async () => {
    const before = await counterQty();
    const o = await unpaidOrder();
    const s = await scan(o.id, 'alipay');
    const c = await post<CounterScanRow>(shop, 'counter_scan_cancel', { payment_no: s.data.payment_no });
    expect(c.status, c.msg).toBe(200);
    expect(c.data.status).toBe('cancelled');
    expect((await paymentState(t.app, s.data.payment_no)).status).toBe('已关闭');
    expect((await orderOf(o.id)).status).toBe('cancelled');
    expect(await counterQty()).toBe(before);
  });

  it('an order cancelled while the customer pays: the payment is refunded automatically, nothing is taken', async () => {
    const before = await counterQty();
    const o = await unpaidOrder();
    const s = await scan(o.id);
    expect((await post(shop, 'order_cancel', { order_id: o.id })).status).toBe(200);
    await customerPays(s.data.payment_no);
    await notifyRace(t.app, s.data.payment_no, 3);
    const p = await paymentState(t.app, s.data.payment_no);
    expect([p.status, p.duplicate, p.refunded_fen]).toEqual(['已退款', true, 350]);
    expect((await orderOf(o.id)).status).toBe('cancelled');
    expect(await counterQty()).toBe(before);
    expect((await query(s.data.payment_no)).data.status).toBe('cancelled');
  });

  it('refund of a scan-paid order goes back through the provider, never more than paid', async () => {
    const o = await unpaidOrder();
    const s = await scan(o.id);
    await customerPays(s.data.payment_no);
    await notifyRace(t.app, s.data.payment_no, 1);
    const r = await post<OrderResult>(shop, 'order_refund', {
      order_id: o.id,
      request_id: rid(),
      reason: '顾客退货',
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.order.status).toBe('refunded');
    const p = await paymentState(t.app, s.data.payment_no);
    expect([p.status, p.refunded_fen]).toEqual(['已退款', 350]);
    const again = await post(shop, 'order_refund', { order_id: o.id, request_id: rid(), reason: '再退' });
    expect(again.status).toBe(40009);
    const refunds = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from payment_refunds r join payments p on p.id = r.payment_id where p.payment_no = ${s.data.payment_no}`,
    );
    expect(refunds[0]!.n).toBe(1);
  });
});

describe('member top-up by scan', () => {
  it('credits the balance only when paid, once under 10 parallel notifications', async () => {
    const id = await memberWith(shop, 0);
    const bal = async () => (await shop.get<MemberRow>('/api/v1/member_detail', { id })).data.principal_fen;
    const start = await bal();
    const s = await post<CounterScanRow>(shop, 'member_scan_topup', {
      member_id: id,
      amount_fen: 5000,
      pay_type: 'wechat',
      request_id: rid(),
    });
    expect(s.status, s.msg).toBe(200);
    expect(s.data).toMatchObject({ purpose: 'topup', status: 'waiting', amount_fen: 5000 });
    expect(await bal()).toBe(start);
    await customerPays(s.data.payment_no);
    const race = await notifyRace(t.app, s.data.payment_no, 10);
    expect(race.outcomes).toMatchObject({ settled: 1, repeated: 9 });
    expect(await bal()).toBe(start + 5000);
    expect((await query(s.data.payment_no)).data.status).toBe('paid');
  });
});

describe('refusals and bad input', () => {
  it('a method the cashier does not offer is refused (聚合扫码 is the client only, 云闪付 not added)', async () => {
    const o = await unpaidOrder();
    for (const pay_type of ['aggregate', 'unionpay']) {
      const r = await scan(o.id, pay_type);
      expect([r.status, r.msg]).toEqual([40000, '本店收银台未启用该支付方式']);
    }
    const n = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from counter_scan_pays where order_id = ${o.id}`,
    );
    expect(n[0]!.n).toBe(0);
  });

  it("another store's order and payment are not found", async () => {
    const o = await unpaidOrder();
    const s = await scan(o.id);
    expect((await scan(o.id, 'wechat', shop2)).status).toBe(40004);
    expect((await query(s.data.payment_no, shop2)).status).toBe(40004);
    const c = await post(shop2, 'counter_scan_cancel', { payment_no: s.data.payment_no });
    expect(c.status).toBe(40004);
    expect((await query(s.data.payment_no)).data.status).toBe('waiting');
  });

  it("a scan top-up of another store's member, or by an agent, is refused and writes nothing", async () => {
    const id = await memberWith(shop, 0);
    const body = { member_id: id, amount_fen: 1000, pay_type: 'wechat', request_id: rid() };
    expect((await post(shop2, 'member_scan_topup', body)).status).toBe(40004);
    const agent = await t.as(DEMO.agent);
    expect((await post(agent, 'member_scan_topup', { ...body, request_id: rid() })).status).toBe(40003);
    const n = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from counter_scan_pays where member_id = ${id}`,
    );
    expect(n[0]!.n).toBe(0);
  });

  it('bad input is refused in Chinese and writes nothing', async () => {
    const o = await unpaidOrder();
    const bad = await post(shop, 'order_scan_pay', {
      order_id: o.id,
      pay_type: 'bitcoin',
      request_id: rid(),
    });
    expect([bad.status, bad.msg]).toEqual([40000, '请选择扫码支付方式']);
    expect(
      (await post(shop, 'order_scan_pay', { order_id: 0, pay_type: 'wechat', request_id: rid() })).status,
    ).toBe(40000);
    const zero = await post(shop, 'member_scan_topup', {
      member_id: 1,
      amount_fen: 0,
      pay_type: 'wechat',
      request_id: rid(),
    });
    expect(zero.status).toBe(40000);
    expect((await query('P123')).status).toBe(40000);
    const paid = await post<OrderResult>(shop, 'order_create', {
      request_id: rid(),
      lines: [{ sku_id: sku, qty: 1 }],
      payments: [{ method: 'cash', amount_fen: 350 }],
    });
    const r = await scan(paid.data.order.id);
    expect([r.status, r.msg]).toEqual([40009, '订单不是待支付状态']);
    const n = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from counter_scan_pays where order_id in (${o.id}, ${paid.data.order.id})`,
    );
    expect(n[0]!.n).toBe(0);
  });
});
