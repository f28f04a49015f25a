import type { CounterScanRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { expectOrdersBalance } from '../../test/counter-kit.ts';
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

/**
 * Decision 182: a table's bill paid by scan waits 未结账 until its payment settles; the settlement pays the
 * desk fee (minutes frozen at the QR) and the goods orders with the payment's number, once; a bill settled
 * otherwise or changed meanwhile gives the money back.
 */
let t: TestApp;
let shop: Client;
let shop2: Client;
let table: number;
let sku: number;
const q = <T>(text: ReturnType<typeof sql>) => rows<T>(t.database.db, text);

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.as(DEMO.netbar);
  shop2 = await t.as(DEMO.netbar2);
  const d = await shop.post<{ id: number }>('/api/v1/desk_save', {
    kind: 'table',
    name: '扫码桌',
    capacity: 4,
    hourly_fen: 1000,
  });
  expect(d.status, d.msg).toBe(200);
  table = d.data.id;
  sku = (await makeGoods(shop, '扫码桌台饮料', [{ spec: '', cost_fen: 100, price_fen: 1200 }])).skuIds[0]!;
  const line = { item_kind: 'goods', item_id: sku, qty: 20 };
  expect((await postStockDoc(shop, 'goods_in', [{ ...line, cost_fen: 100 }])).status).toBe(200);
  expect((await postStockDoc(shop, 'goods_bar_in', [line])).status).toBe(200);
});
afterEach(async () => {
  await expectOrdersBalance(t);
  await expectStockLedgerMatches(t);
  await expectMemberLedgerMatches(t);
});
afterAll(() => t.close());

interface Bill {
  session_id: number;
  session_no: string;
  status: string;
  due_fen: number;
}
const post = <T>(c: Client, url: string, body: Record<string, unknown>) =>
  c.request<T>('POST', `/api/v1/${url}`, body, { json: true });
/** A walk-in at the table that has run `min` minutes (¥10/h: 7 min = ¥1.17). */
async function openFor(min: number) {
  const o = await shop.post<Bill>('/api/v1/desk_open', { request_id: rid(), desk_id: table });
  expect(o.status, o.msg).toBe(200);
  await q(
    sql`update desk_sessions set opened_at = now() - make_interval(mins => ${min}) + interval '30 seconds' where id = ${o.data.session_id}`,
  );
  return o.data;
}
async function goods(session: number) {
  const g = await post<{ order_id: number }>(shop, 'desk_goods_order', {
    request_id: rid(),
    session_id: session,
    lines: [{ sku_id: sku, qty: 1 }],
  });
  expect(g.status, g.msg).toBe(200);
  return g.data.order_id;
}
const scan = (session_id: number, c = shop, pay_type = 'wechat') =>
  post<CounterScanRow>(c, 'desk_scan_pay', { session_id, pay_type, request_id: rid() });
const bill = async (id: number) => (await shop.get<Bill>('/api/v1/desk_bill', { session_id: id })).data;
/** The customer pays at the sandbox; its queued notification is dropped (the test sends its own). */
async function customerPays(no: string) {
  await paymentsOf(t.app.deps).sandbox.pay(no);
  await q(sql`delete from sandbox_notify_queue`);
}
const tillOf = (no: string) =>
  q<{ kind: string; method: string; amount_fen: number }>(
    sql`select kind, method, amount_fen::int as amount_fen from till_ledger
        where (ref_type = 'desk' and ref_no = ${no}) or order_id in
          (select order_id from desk_session_orders l join desk_sessions x on x.id = l.session_id where x.session_no = ${no})
        order by id`,
  );

describe('a table paid by scan', () => {
  it('waits 未结账; 10 parallel notifications settle it once, to the fen, with the minutes of the QR', async () => {
    const s = await openFor(7);
    const order = await goods(s.session_id);
    const r = await scan(s.session_id);
    expect(r.status, r.msg).toBe(200);
    // 7 min × ¥10/h = ¥1.17 + goods ¥12.00, no 抹分 for scan
    expect(r.data).toMatchObject({ purpose: 'desk', status: 'waiting', amount_fen: 1317 });
    expect(r.data.desk_session_id).toBe(s.session_id);
    expect((await bill(s.session_id)).status).toBe('open');
    expect(await tillOf(s.session_no)).toEqual([]);
    // the customer takes a while: the wait is not charged
    await q(
      sql`update desk_sessions set opened_at = opened_at - interval '20 minutes' where id = ${s.session_id}`,
    );
    await customerPays(r.data.payment_no);
    const race = await notifyRace(t.app, r.data.payment_no, 10);
    expect(race.outcomes).toMatchObject({ settled: 1, repeated: 9 });
    const done = await bill(s.session_id);
    expect(done).toMatchObject({ status: 'settled', due_fen: 0 });
    const x = await q<{ pay_method: string; total_fen: number; minutes: number }>(
      sql`select pay_method, total_fen::int as total_fen, minutes from desk_sessions where id = ${s.session_id}`,
    );
    expect(x[0]).toEqual({ pay_method: 'scan', total_fen: 1317, minutes: 7 });
    expect(await tillOf(s.session_no)).toEqual([
      { kind: 'desk', method: 'scan', amount_fen: 117 },
      { kind: 'sale', method: 'scan', amount_fen: 1200 },
    ]);
    const pay = await q<{ pay_ref: string }>(
      sql`select pay_ref from order_payments where order_id = ${order}`,
    );
    expect(pay).toEqual([{ pay_ref: r.data.payment_no }]);
    expect(
      (await shop.get<CounterScanRow>('/api/v1/counter_scan_query', { payment_no: r.data.payment_no })).data
        .status,
    ).toBe('paid');
  });

  it('取消 closes the payment and leaves the table open, to be settled otherwise', async () => {
    const s = await openFor(5);
    const r = await scan(s.session_id, shop, 'alipay');
    const c = await post<CounterScanRow>(shop, 'counter_scan_cancel', { payment_no: r.data.payment_no });
    expect(c.status, c.msg).toBe(200);
    expect(c.data.status).toBe('cancelled');
    expect((await paymentState(t.app, r.data.payment_no)).status).toBe('已关闭');
    expect((await bill(s.session_id)).status).toBe('open');
    const cash = await post(shop, 'desk_settle', {
      request_id: rid(),
      session_id: s.session_id,
      method: 'cash',
    });
    expect(cash.status, cash.msg).toBe(200);
  });

  it('a late payment of a table settled in cash meanwhile is refunded; nothing is paid twice', async () => {
    const s = await openFor(6);
    const r = await scan(s.session_id);
    const cash = await post(shop, 'desk_settle', {
      request_id: rid(),
      session_id: s.session_id,
      method: 'cash',
    });
    expect(cash.status, cash.msg).toBe(200);
    const before = await tillOf(s.session_no);
    await customerPays(r.data.payment_no);
    await notifyRace(t.app, r.data.payment_no, 3);
    const p = await paymentState(t.app, r.data.payment_no);
    expect([p.status, p.duplicate, p.refunded_fen]).toEqual(['已退款', true, r.data.amount_fen]);
    expect(await tillOf(s.session_no)).toEqual(before);
    expect(
      (await shop.get<CounterScanRow>('/api/v1/counter_scan_query', { payment_no: r.data.payment_no })).data
        .status,
    ).toBe('cancelled');
  });

  it('a bill changed while the customer pays (goods added) is not settled: the payment goes back', async () => {
    const s = await openFor(4);
    const r = await scan(s.session_id);
    const order = await goods(s.session_id);
    await customerPays(r.data.payment_no);
    await notifyRace(t.app, r.data.payment_no, 1);
    const p = await paymentState(t.app, r.data.payment_no);
    expect([p.status, p.refunded_fen]).toEqual(['已退款', r.data.amount_fen]);
    expect((await bill(s.session_id)).status).toBe('open');
    expect(await tillOf(s.session_no)).toEqual([]);
    // settled in cash after all, its goods order with it
    expect(
      (await post(shop, 'desk_settle', { request_id: rid(), session_id: s.session_id, method: 'cash' }))
        .status,
    ).toBe(200);
    const o = await q<{ status: string }>(sql`select status from orders where id = ${order}`);
    expect(o[0]!.status).not.toBe('unpaid');
  });
});

describe('refusals and bad input', () => {
  it("another store's bill and payment are not found; nothing written", async () => {
    const s = await openFor(3);
    expect((await scan(s.session_id, shop2)).status).toBe(40004);
    const n = await q<{ n: number }>(
      sql`select count(*)::int as n from counter_scan_pays where desk_session_id = ${s.session_id}`,
    );
    expect(n[0]!.n).toBe(0);
    const r = await scan(s.session_id);
    expect((await shop2.get('/api/v1/counter_scan_query', { payment_no: r.data.payment_no })).status).toBe(
      40004,
    );
    expect((await post(shop2, 'counter_scan_cancel', { payment_no: r.data.payment_no })).status).toBe(40004);
    expect((await post(shop, 'counter_scan_cancel', { payment_no: r.data.payment_no })).status).toBe(200);
    expect((await post(shop, 'desk_cancel', { session_id: s.session_id, reason: '测试' })).status).toBe(200);
  });

  it('bad input is refused in Chinese; the instant 扫码 of desk_settle is gone', async () => {
    // (the amount is the server's bill, never the client's: a bill that changes is refunded, tested above)
    const zero = await openFor(10);
    const bad = await post(shop, 'desk_scan_pay', {
      session_id: zero.session_id,
      pay_type: 'bitcoin',
      request_id: rid(),
    });
    expect([bad.status, bad.msg]).toEqual([40000, '请选择扫码支付方式']);
    expect(
      (await post(shop, 'desk_scan_pay', { session_id: 0, pay_type: 'wechat', request_id: rid() })).status,
    ).toBe(40000);
    expect((await scan(zero.session_id, shop, 'unionpay')).status).toBe(40000);
    await q(
      sql`update desk_sessions set opened_at = now() - interval '10 minutes' where id = ${zero.session_id}`,
    );
    const instant = await post(shop, 'desk_settle', {
      request_id: rid(),
      session_id: zero.session_id,
      method: 'scan',
    });
    expect([instant.status, instant.msg]).toEqual([
      40000,
      '扫码结账请点「扫码收款」：顾客付款成功后自动结账',
    ]);
    expect((await bill(zero.session_id)).status).toBe('open');
    const n = await q<{ n: number }>(
      sql`select count(*)::int as n from counter_scan_pays where desk_session_id = ${zero.session_id}`,
    );
    expect(n[0]!.n).toBe(0);
    expect((await post(shop, 'desk_cancel', { session_id: zero.session_id, reason: '测试' })).status).toBe(
      200,
    );
  });
});
