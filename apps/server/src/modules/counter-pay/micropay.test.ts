import type { CounterScanRow, OrderResult } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { expectOrdersBalance } from '../../test/counter-kit.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { expectStockLedgerMatches, makeGoods, postStockDoc, rid } from '../../test/kit.ts';
import { paymentState } from '../../test/payment-kit.ts';

/**
 * Decision 182: 付款码 (micropay) through the sandbox — the customer's code scanned at the counter charges the
 * order at once, or waits for the customer's confirmation (a code ending in 9) and is settled by the query;
 * a code the acquirer refuses closes the payment and leaves the order unpaid.
 */
let t: TestApp;
let shop: Client;
let shop2: Client;
let sku: number;
const q = <T>(text: ReturnType<typeof sql>) => rows<T>(t.database.db, text);
const WECHAT = '134567890123456781';
const ALIPAY_CONFIRM = '28765432109876549';

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.as(DEMO.netbar);
  shop2 = await t.as(DEMO.netbar2);
  sku = (await makeGoods(shop, '付款码可乐', [{ spec: '', cost_fen: 100, price_fen: 450 }])).skuIds[0]!;
  for (const doc of ['goods_in', 'goods_bar_in'])
    expect((await postStockDoc(shop, doc, [{ item_kind: 'goods', item_id: sku, qty: 20 }])).status).toBe(200);
});
afterEach(async () => {
  await expectOrdersBalance(t);
  await expectStockLedgerMatches(t);
});
afterAll(() => t.close());

const post = <T>(c: Client, url: string, body: Record<string, unknown>) =>
  c.request<T>('POST', `/api/v1/${url}`, body, { json: true });
const unpaidOrder = async () => {
  const r = await post<OrderResult>(shop, 'order_create', {
    request_id: rid(),
    lines: [{ sku_id: sku, qty: 1 }],
  });
  expect(r.status, r.msg).toBe(200);
  return r.data.order;
};
const micropay = (order_id: number, auth_code: string, request_id = rid(), c = shop) =>
  post<CounterScanRow>(c, 'order_micropay', { order_id, auth_code, request_id });
const orderOf = async (id: number) =>
  (await shop.get<OrderResult>('/api/v1/order_detail', { id })).data.order;
const scanTill = async (orderId: number) =>
  (
    await q<{ n: number }>(
      sql`select count(*)::int as n from till_ledger where order_id = ${orderId} and method = 'scan'`,
    )
  )[0]!.n;

describe('付款码 at the counter (sandbox)', () => {
  it('a WeChat code pays the order at once, once: a retry of the same request charges nothing more', async () => {
    const o = await unpaidOrder();
    const id = rid();
    const r = await micropay(o.id, WECHAT, id);
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ status: 'paid', pay_type: 'wechat', amount_fen: 450, purpose: 'order' });
    expect((await orderOf(o.id)).status).toBe('done');
    const again = await micropay(o.id, WECHAT, id);
    expect(again.status).toBe(40007);
    expect(await scanTill(o.id)).toBe(1);
    const n = await q<{ n: number }>(
      sql`select count(*)::int as n from payments where purpose_ref = ${`O${o.id}`}`,
    );
    expect(n[0]!.n).toBe(1);
    // a second code for the paid order is refused before any charge
    expect((await micropay(o.id, WECHAT)).status).toBe(40009);
  });

  it('USERPAYING: the order waits unpaid until the query finds the customer confirmed', async () => {
    const o = await unpaidOrder();
    const r = await micropay(o.id, ALIPAY_CONFIRM);
    expect(r.status, r.msg).toBe(200);
    expect(r.data).toMatchObject({ status: 'waiting', pay_type: 'alipay' });
    expect((await orderOf(o.id)).status).toBe('unpaid');
    // the poll asks the acquirer once the payment has waited 5 s
    await q(
      sql`update payments set created_at = now() - interval '10 seconds' where payment_no = ${r.data.payment_no}`,
    );
    const polled = await shop.get<CounterScanRow>('/api/v1/counter_scan_query', {
      payment_no: r.data.payment_no,
    });
    expect(polled.data.status).toBe('paid');
    expect((await orderOf(o.id)).status).toBe('done');
    expect(await scanTill(o.id)).toBe(1);
  });

  it('a code the acquirer refuses closes the payment; the order stays unpaid and can be paid otherwise', async () => {
    const o = await unpaidOrder();
    // 16 digits but a WeChat head of 18 is no code the sandbox knows
    const r = await micropay(o.id, '1356789012345678');
    expect([r.status, r.msg]).toEqual([40000, '付款码无效或已过期，请顾客刷新付款码']);
    const p = await q<{ payment_no: string; status: string }>(
      sql`select payment_no, status from payments where purpose_ref = ${`O${o.id}`}`,
    );
    expect(p.map((x) => x.status)).toEqual(['已关闭']);
    expect((await paymentState(t.app, p[0]!.payment_no)).paid_at).toBeNull();
    const it = await q<{ status: string }>(
      sql`select status from counter_scan_pays where order_id = ${o.id}`,
    );
    expect(it).toEqual([{ status: 'cancelled' }]);
    expect((await orderOf(o.id)).status).toBe('unpaid');
    expect((await micropay(o.id, WECHAT)).data.status).toBe('paid');
  });
});

describe('refusals and bad input', () => {
  it("bad codes are refused in Chinese with nothing written; another store's order is not found", async () => {
    const o = await unpaidOrder();
    const bad = await micropay(o.id, 'abc');
    expect([bad.status, bad.msg]).toEqual([40000, '付款码为16-24位数字，请用扫码枪扫描顾客的付款码']);
    const kind = await micropay(o.id, '991234567890123456');
    expect([kind.status, kind.msg]).toEqual([40000, '无法识别的付款码（仅支持微信、支付宝付款码）']);
    expect((await micropay(o.id, WECHAT, rid(), shop2)).status).toBe(40004);
    const agent = await t.as(DEMO.agent);
    expect((await micropay(o.id, WECHAT, rid(), agent)).status).toBe(40003);
    const n = await q<{ n: number }>(
      sql`select count(*)::int as n from payments where purpose_ref = ${`O${o.id}`}`,
    );
    expect(n[0]!.n).toBe(0);
    expect((await orderOf(o.id)).status).toBe('unpaid');
  });
});
