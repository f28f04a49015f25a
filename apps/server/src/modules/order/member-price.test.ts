import { type MemberRow, type OrderCatalog, priceBasket, shanghaiClock } from '@netbar/contract';
import { describe, expect, it } from 'vitest';
import { type Client, DEMO, type TestApp } from '../../test/harness.ts';
import { count, makeGoods } from '../../test/kit.ts';
import { counterGoods, memberWith, orderTestApp, ringUp } from './order-test-kit.ts';

/** 会员价 at the counter: only a member whose level has 享受会员价 (member_levels.member_price) gets it. */

let t: TestApp;
let owner: Client;
orderTestApp((app, o) => {
  t = app;
  owner = o;
});

/** A good at ¥10.00, ¥8.00 for members, 10 on the counter. */
const goods = (name: string) =>
  counterGoods(owner, name, 10, { cost_fen: 300, price_fen: 1000, member_price_fen: 800 });

describe('member price by the member level', () => {
  it('sells at 会员价 to a member whose level has it, from the balance', async () => {
    const sku = await goods('会员价可乐');
    const mid = await memberWith(owner, 2000, true);
    const r = await ringUp(owner, {
      member_id: mid,
      lines: [{ sku_id: sku, qty: 2 }],
      payments: [{ method: 'member', amount_fen: 1600 }],
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.order).toMatchObject({ total_fen: 1600, paid_fen: 1600, member_id: mid });
    expect(r.data.order.lines[0]).toMatchObject({ list_fen: 800, unit_fen: 800, total_fen: 1600 });
  });

  it('sells at the list price to a member whose level lacks 会员价, and to a walk-in', async () => {
    const sku = await goods('无会员价可乐');
    const mid = await memberWith(owner, 2000, false);
    const r = await ringUp(owner, {
      member_id: mid,
      lines: [{ sku_id: sku, qty: 1 }],
      payments: [{ method: 'member', amount_fen: 1000 }],
    });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.order).toMatchObject({ total_fen: 1000, paid_fen: 1000 });
    expect(r.data.order.lines[0]).toMatchObject({ unit_fen: 1000, total_fen: 1000 });
    // paying the member price for such a member does not cover the order: refused, nothing written
    const before = await count(t, 'orders');
    const short = await ringUp(owner, {
      member_id: mid,
      lines: [{ sku_id: sku, qty: 1 }],
      payments: [{ method: 'member', amount_fen: 800 }],
    });
    expect(short.status).toBe(40000);
    expect(await count(t, 'orders')).toBe(before);
    const walkIn = await ringUp(owner, { lines: [{ sku_id: sku, qty: 1 }] });
    expect(walkIn.data.order.total_fen).toBe(1000);
  });

  it('tells the counter whether a member has 会员价 (member_lookup, member_detail)', async () => {
    const yes = await memberWith(owner, 0, true);
    const no = await memberWith(owner, 0, false);
    for (const [id, mp] of [
      [yes, true],
      [no, false],
    ] as const) {
      const d = await owner.get<MemberRow>('/api/v1/member_detail', { id });
      expect(d.data.member_price, `member ${id}`).toBe(mp);
      const l = await owner.get<{ list: MemberRow[] }>('/api/v1/member_lookup', { q: d.data.name });
      expect(l.data.list.find((m) => m.id === id)?.member_price).toBe(mp);
    }
  });

  it("refuses another store's member (40004, nothing written) and a malformed member id (40000)", async () => {
    const mid = await memberWith(owner, 2000, true);
    const other = await t.as(DEMO.netbar2);
    const sku = (await makeGoods(other, '别店会员价', [{ spec: '', price_fen: 1000, member_price_fen: 800 }]))
      .skuIds[0];
    const before = await count(t, 'orders');
    const r = await ringUp(other, { member_id: mid, lines: [{ sku_id: sku, qty: 1 }] });
    expect([r.status, r.msg]).toEqual([40004, '会员不存在']);
    const bad = await ringUp(owner, { member_id: 'abc', lines: [{ sku_id: sku, qty: 1 }] });
    expect(bad.status).toBe(40000);
    expect(await count(t, 'orders')).toBe(before);
  });

  it('prices alike in the 收银台 (catalogue + the member flag) and on the server (order, quote)', async () => {
    const sku = await goods('同价可乐');
    const sku2 = await counterGoods(owner, '同价薯片', 10, { price_fen: 600, member_price_fen: 500 });
    const promo = await owner.request(
      'POST',
      '/api/v1/commodity_promotion_save',
      {
        name: '同价九折',
        kind: 'discount',
        rate: 90,
        start_at: '2025-01-01 00:00',
        end_at: '2099-01-01 00:00',
        scope_mode: 'custom',
        scope_rule: 'apply',
        goods_ids: [
          (await owner.get<OrderCatalog>('/api/v1/order_catalog')).data.skus.find((k) => k.sku_id === sku)!
            .goods_id,
        ],
      },
      { json: true },
    );
    expect(promo.status, promo.msg).toBe(200);
    const lines = [
      { sku_id: sku, qty: 2 },
      { sku_id: sku2, qty: 1 },
    ];
    const catalog = (await owner.get<OrderCatalog>('/api/v1/order_catalog')).data;
    const totals: Record<string, number[]> = {};
    for (const [key, mp] of [
      ['on', true],
      ['off', false],
    ] as const) {
      const mid = await memberWith(owner, 5000, mp);
      const name = (await owner.get<MemberRow>('/api/v1/member_detail', { id: mid })).data.name;
      const found = (await owner.get<{ list: MemberRow[] }>('/api/v1/member_lookup', { q: name })).data.list;
      // the browser: the catalogue's SKUs, plans and promotions through the contract engine, member as looked up
      const browser = priceBasket({
        lines: lines.map((l) => ({ ...catalog.skus.find((k) => k.sku_id === l.sku_id)!, qty: l.qty })),
        at: { ...shanghaiClock(Date.now()), ms: Date.now() },
        member: !!found.find((m) => m.id === mid)?.member_price,
        plans: catalog.plans,
        promotions: catalog.promotions,
      }).total_fen;
      // a quote for the member says the same whatever \`member\` asks for
      const quote = await owner.request<{ total_fen: number }>(
        'POST',
        '/api/v1/goods_price_quote',
        { member_id: mid, member: mp ? '0' : '1', lines },
        { json: true },
      );
      expect(quote.status, quote.msg).toBe(200);
      const order = await ringUp(owner, {
        member_id: mid,
        lines,
        payments: [{ method: 'member', amount_fen: browser }],
      });
      expect(order.status, order.msg).toBe(200);
      totals[key] = [browser, quote.data.total_fen, order.data.order.total_fen];
    }
    // 会员价 ¥8.00 and ¥5.00, the cola 10% off (2 × 7.20 + 5.00); without 享受会员价 2 × 9.00 + 6.00
    expect(totals).toEqual({ on: [1940, 1940, 1940], off: [2400, 2400, 2400] });
  });

  it("quotes for a member only of the store's pool (40004) and refuses a malformed member id (40000)", async () => {
    const sku = await goods('报价会员可乐');
    const mid = await memberWith(owner, 0, true);
    const other = await t.as(DEMO.netbar2);
    const theirs = (
      await makeGoods(other, '别店报价', [{ spec: '', price_fen: 1000, member_price_fen: 800 }])
    ).skuIds[0]!;
    const quote = (c: Client, body: Record<string, unknown>) =>
      c.request<{ total_fen: number }>('POST', '/api/v1/goods_price_quote', body, { json: true });
    const r = await quote(other, { member_id: mid, lines: [{ sku_id: theirs, qty: 1 }] });
    expect([r.status, r.msg]).toEqual([40004, '会员不存在']);
    const bad = await quote(owner, { member_id: 'abc', lines: [{ sku_id: sku, qty: 1 }] });
    expect([bad.status, bad.msg]).toEqual([40000, '会员参数错误']);
    // without a member id the quote prices as \`member\` asks, as before
    expect((await quote(owner, { member: '1', lines: [{ sku_id: sku, qty: 1 }] })).data.total_fen).toBe(800);
    expect((await quote(owner, { lines: [{ sku_id: sku, qty: 1 }] })).data.total_fen).toBe(1000);
  });
});
