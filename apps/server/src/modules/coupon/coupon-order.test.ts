import { COUPON_MSG, type MemberCouponRow, type OrderResult } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { expectOrdersBalance, memberWith } from '../../test/counter-kit.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  count,
  expectMemberLedgerMatches,
  expectStockLedgerMatches,
  makeGoods,
  postStockDoc,
  rid,
} from '../../test/kit.ts';

/** A coupon at the 收银台 (decision 186): priced by the server, used once, given back by cancel or refund. */
let t: TestApp;
let owner: Client;
let skuA: number;
let skuB: number;
let catA: number;
let allOff: number; // 满5减1, every goods
let drinkOff: number; // 2元抵用, category A only
let member: number;

async function onCounter(name: string, price: number) {
  const g = await makeGoods(owner, name, [{ spec: '', cost_fen: 100, price_fen: price }]);
  const sku = g.skuIds[0]!;
  for (const doc of ['goods_in', 'goods_bar_in'])
    expect((await postStockDoc(owner, doc, [{ item_kind: 'goods', item_id: sku, qty: 100 }])).status).toBe(
      200,
    );
  return { sku, cat: g.categoryId };
}
const template = async (over: Record<string, unknown>) => {
  const r = await owner.post<{ id: number }>('/api/v1/coupon_template_save', {
    valid_mode: 'days',
    valid_days: 30,
    ...over,
  });
  expect(r.status, r.msg).toBe(200);
  return r.data.id;
};
const give = async (templateId: number, memberId = member) => {
  const r = await owner.post<MemberCouponRow>('/api/v1/coupon_issue', {
    template_id: templateId,
    member_id: memberId,
    request_id: rid(),
  });
  expect(r.status, r.msg).toBe(200);
  return r.data.id;
};
const ringUp = (c: Client, body: Record<string, unknown>) =>
  c.request<OrderResult>('POST', '/api/v1/order_create', { request_id: rid(), ...body }, { json: true });
const cash = (fen: number) => [{ method: 'cash', amount_fen: fen }];
type Line = { sku_id: number; qty: number };
/** The member rings up `lines` with coupon `c`, paid in cash when `paid` is given (else left unpaid). */
const withCoupon = (c: number | string, lines: Line[], paid?: number, memberId = member, by = owner) =>
  ringUp(by, { member_id: memberId, coupon_id: c, lines, ...(paid ? { payments: cash(paid) } : {}) });
const refund = (orderId: number, reason: string, lines?: { line_id: number; qty: number }[]) =>
  owner.request<OrderResult>(
    'POST',
    '/api/v1/order_refund',
    { order_id: orderId, request_id: rid(), reason, ...(lines ? { lines } : {}) },
    { json: true },
  );
/** Moves coupon `c`'s validity to end two days ago. */
const expire = (c: number) =>
  rows(
    t.database.db,
    sql`update member_coupons set valid_from = valid_from - 40, valid_to = current_date - 2 where id = ${c}`,
  );
const stateOf = async (id: number) =>
  (await rows<{ status: string }>(t.database.db, sql`select status from member_coupons where id = ${id}`))[0]!
    .status;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  ({ sku: skuA, cat: catA } = await onCounter('券单可乐', 300));
  ({ sku: skuB } = await onCounter('券单泡面', 500));
  allOff = await template({ name: '满5减1', kind: 'full_off', amount_fen: 100, min_spend_fen: 500 });
  drinkOff = await template({
    name: '饮料2元券',
    kind: 'voucher',
    amount_fen: 200,
    category_ids: JSON.stringify([catA]),
  });
  member = await memberWith(owner, 0);
});
afterEach(async () => {
  await expectOrdersBalance(t);
  await expectStockLedgerMatches(t);
  await expectMemberLedgerMatches(t);
});
afterAll(() => t.close());

describe('a coupon at the 收银台', () => {
  it('takes the discount off the order, marks the coupon used, and refuses it a second time', async () => {
    const c = await give(allOff);
    const usable = await owner.get<MemberCouponRow[]>('/api/v1/member_coupons', {
      member_id: member,
      usable: '1',
    });
    expect(usable.data.map((x) => x.id)).toContain(c);
    const r = await withCoupon(c, [{ sku_id: skuA, qty: 2 }], 500);
    expect(r.status, r.msg).toBe(200);
    const o = r.data.order;
    expect(o).toMatchObject({ list_fen: 600, total_fen: 500, paid_fen: 500, coupon_id: c, coupon_fen: 100 });
    expect(o.coupon_name).toBe('满5减1');
    expect(o.lines[0]!.total_fen).toBe(500);
    expect(o.events[0]!.text).toContain('优惠券「满5减1」减¥1.00');
    expect(await stateOf(c)).toBe('used');
    const orders = await count(t, 'orders');
    const again = await withCoupon(c, [{ sku_id: skuA, qty: 2 }], 500);
    expect([again.status, again.msg]).toEqual([40009, COUPON_MSG.used]);
    expect(await count(t, 'orders')).toBe(orders);
    const after = await owner.get<MemberCouponRow[]>('/api/v1/member_coupons', {
      member_id: member,
      usable: '1',
    });
    expect(after.data.map((x) => x.id)).not.toContain(c);
  });

  it('applies a category coupon to its goods only, and refuses an order without them or below the minimum', async () => {
    const c = await give(drinkOff);
    const none = await withCoupon(c, [{ sku_id: skuB, qty: 1 }]);
    expect([none.status, none.msg]).toEqual([40000, COUPON_MSG.noScopeGoods]);
    const both = [
      { sku_id: skuA, qty: 1 },
      { sku_id: skuB, qty: 1 },
    ];
    const r = await withCoupon(c, both, 600);
    expect(r.status, r.msg).toBe(200);
    expect(r.data.order.lines.map((l) => l.total_fen)).toEqual([100, 500]);
    const low = await give(allOff);
    const below = await withCoupon(low, [{ sku_id: skuA, qty: 1 }]);
    expect(below.status).toBe(40000);
    expect(below.msg).toContain(COUPON_MSG.minSpendNotMet);
    expect(await stateOf(low)).toBe('unused');
  });

  it('refuses another member’s coupon, a coupon without a member, another store’s coupon, an expired one', async () => {
    const c = await give(allOff);
    const other = await memberWith(owner, 0);
    const lines = [{ sku_id: skuA, qty: 2 }];
    const wrong = await withCoupon(c, lines, undefined, other);
    expect([wrong.status, wrong.msg]).toEqual([40000, COUPON_MSG.notMember]);
    const noMember = await ringUp(owner, { coupon_id: c, lines });
    expect([noMember.status, noMember.msg]).toEqual([40000, COUPON_MSG.needMember]);
    const bad = await withCoupon('x', lines);
    expect(bad.status).toBe(40000);
    const second = await t.as(DEMO.netbar2);
    const { skuIds } = await makeGoods(second, '他店券商品', [{ spec: '', price_fen: 600 }]);
    const theirs = await memberWith(second, 0);
    const foreign = await withCoupon(c, [{ sku_id: skuIds[0]!, qty: 1 }], undefined, theirs, second);
    expect([foreign.status, foreign.msg]).toEqual([40004, COUPON_MSG.couponNotFound]);
    await expire(c);
    const expired = await withCoupon(c, lines);
    expect([expired.status, expired.msg]).toEqual([40000, COUPON_MSG.expired]);
    expect(await stateOf(c)).toBe('unused');
  });

  it('gives the coupon back on a whole refund or a cancel, not on a part refund', async () => {
    const c = await give(allOff);
    const r = await withCoupon(
      c,
      [
        { sku_id: skuA, qty: 1 },
        { sku_id: skuB, qty: 1 },
      ],
      700,
    );
    expect(r.status, r.msg).toBe(200);
    const o = r.data.order;
    const part = await refund(o.id, '退一件', [{ line_id: o.lines[0]!.id, qty: 1 }]);
    expect(part.status, part.msg).toBe(200);
    expect(await stateOf(c)).toBe('used');
    const rest = await refund(o.id, '全部退');
    expect(rest.status, rest.msg).toBe(200);
    expect(rest.data.order.refunded_fen).toBe(700);
    expect(rest.data.order.coupon_fen).toBe(100);
    expect(rest.data.order.events.at(-1)!.text).toBe('优惠券「满5减1」已退回会员');
    expect(await stateOf(c)).toBe('unused');

    const unpaid = await withCoupon(c, [{ sku_id: skuB, qty: 1 }]);
    expect(unpaid.status, unpaid.msg).toBe(200);
    expect(await stateOf(c)).toBe('used');
    const cancel = await owner.post('/api/v1/order_cancel', { order_id: unpaid.data.order.id });
    expect(cancel.status, cancel.msg).toBe(200);
    expect(await stateOf(c)).toBe('unused');
  });

  it('keeps an expired coupon used when its order is refunded after the coupon’s last day', async () => {
    const c = await give(allOff);
    const r = await withCoupon(c, [{ sku_id: skuB, qty: 1 }], 400);
    expect(r.status, r.msg).toBe(200);
    await expire(c);
    const back = await refund(r.data.order.id, '过期后退款');
    expect(back.status, back.msg).toBe(200);
    expect(back.data.order.events.at(-1)!.text).toBe('优惠券「满5减1」已过期，不退回');
    expect(await stateOf(c)).toBe('used');
  });

  it('two orders using one coupon at once: one wins, the other is refused and writes nothing', async () => {
    const c = await give(allOff);
    const cashier = await t.as(DEMO.netbarStaff);
    const orders = await count(t, 'orders');
    const body = { member_id: member, coupon_id: c, lines: [{ sku_id: skuA, qty: 2 }], payments: cash(500) };
    const res = await Promise.all([ringUp(owner, body), ringUp(cashier, body), ringUp(owner, body)]);
    expect(res.map((r) => r.status).sort()).toEqual([200, 40009, 40009]);
    expect(await count(t, 'orders')).toBe(orders + 1);
    const used = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where coupon_id = ${c}`,
    );
    expect(used[0]!.n).toBe(1);
    expect(await stateOf(c)).toBe('used');
  });
});
