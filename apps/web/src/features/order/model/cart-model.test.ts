import type { Promotion, SalesPlan, Scope } from '@netbar/contract';
import { describe, expect, it } from 'vitest';
import {
  type CartLine,
  type CatalogGroup,
  type CatalogSku,
  cartReducer,
  groupLeft,
  sellable,
  skuByBarcode,
  unitsInCart,
} from './cart';
import { priceCart } from './cart-pricing';
import { changeOf, draftProblem, memberTake, paymentsOf, quickTenders, remaining } from './payment-math';

const sku = (id: number, price: number, more: Partial<CatalogSku> = {}): CatalogSku => ({
  sku_id: id,
  goods_id: id,
  category_id: 1,
  name: `商品${id}`,
  unit: '瓶',
  barcode: `69${id}`,
  price_fen: price,
  member_price_fen: price,
  colour: 1,
  track_stock: true,
  qty: 5,
  ...more,
});
const scope: Scope = { scope_mode: 'ordinary', scope_rule: 'apply', goods_ids: [], category_ids: [] };
const promo = (p: Partial<Promotion>): Promotion => ({
  id: 1,
  name: '促销',
  kind: 'discount',
  start_ms: 0,
  end_ms: 9e15,
  rate: 100,
  price_fen: 0,
  buy_n: 0,
  get_m: 0,
  bundle_qty: 0,
  enabled: true,
  ...scope,
  ...p,
});
const plan = (p: Partial<SalesPlan>): SalesPlan => ({
  id: 9,
  name: '午间特价',
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  start_minute: 0,
  end_minute: 1440,
  action: 'rate',
  rate: 100,
  enabled: true,
  ...scope,
  ...p,
});
const ctx = (
  skus: CatalogSku[],
  more: { plans?: SalesPlan[]; promotions?: Promotion[]; member?: boolean } = {},
) => ({
  skus: new Map(skus.map((s) => [s.sku_id, s])),
  plans: more.plans ?? [],
  promotions: more.promotions ?? [],
  member: more.member ?? false,
});
const add = (c: CartLine[], id: number, qty = 1) => cartReducer(c, { type: 'add', sku_id: id, qty });

describe('cart', () => {
  it('adds a SKU twice as one line, steps and clamps quantities, removes and clears', () => {
    let c = add(add([], 1), 1);
    expect(c).toEqual([{ key: 'sku:1', sku_id: 1, qty: 2 }]);
    c = cartReducer(c, { type: 'step', key: 'sku:1', by: -5 });
    expect(c[0]?.qty).toBe(1);
    c = cartReducer(c, { type: 'qty', key: 'sku:1', qty: 5000 });
    expect(c[0]?.qty).toBe(999);
    c = cartReducer(add(c, 2), { type: 'remove', key: 'sku:1' });
    expect(c.map((l) => l.key)).toEqual(['sku:2']);
    expect(cartReducer(c, { type: 'clear' })).toEqual([]);
  });

  it('finds a SKU by its exact barcode only, and greys what the policy will not sell', () => {
    const all = [sku(1, 300), sku(2, 500, { barcode: '6901234' })];
    expect(skuByBarcode(all, ' 6901234 ')?.sku_id).toBe(2);
    expect(skuByBarcode(all, '690123')).toBeUndefined();
    const empty = sku(3, 100, { qty: 0 });
    expect(sellable(empty, 'refuse')).toBe(false);
    expect(sellable(empty, 'warn')).toBe(true);
    expect(sellable({ ...empty, track_stock: false }, 'refuse')).toBe(true);
    expect(sellable(sku(4, 100, { qty: 2 }), 'refuse', 2)).toBe(false);
  });
});

describe('cart pricing', () => {
  it('prices like the server: plan rate, best promotion, member price, an edited price without promotion', () => {
    const skus = [sku(1, 500, { member_price_fen: 400 }), sku(2, 1000), sku(3, 300)];
    let c = add(add(add([], 1, 2), 2), 3, 3);
    c = cartReducer(c, { type: 'price', key: 'sku:3', fen: 250 });
    const p = priceCart(c, {
      ...ctx(skus, {
        member: true,
        plans: [plan({ rate: 90, scope_mode: 'custom', goods_ids: [2] })],
        promotions: [promo({ id: 4, name: '买二送一', kind: 'buy_get', buy_n: 1, get_m: 1 })],
      }),
      at: Date.UTC(2026, 0, 5, 4),
    });
    const by = Object.fromEntries(p.lines.map((l) => [l.key, l]));
    expect(by['sku:1']).toMatchObject({ list_fen: 400, total_fen: 400, deals: ['买二送一'] });
    expect(by['sku:2']).toMatchObject({ unit_fen: 900, total_fen: 900, deals: ['午间特价'] });
    // buy one get one would make 3 units cost 2: an edited line takes no promotion
    expect(by['sku:3']).toMatchObject({
      unit_fen: 250,
      base_fen: 300,
      total_fen: 750,
      edited: true,
      deals: ['改价'],
    });
    expect(p.total_fen).toBe(400 + 900 + 750);
    expect(p.saving_fen).toBe(p.list_fen - p.total_fen);
    expect(p.problem).toBeUndefined();
    // a member whose level lacks 享受会员价 (member_lookup's member_price false) pays the list price, as
    // the server's order and quote do (server: modules/order/member-price.test.ts)
    const plain = priceCart(c, {
      ...ctx(skus, {
        member: false,
        plans: [plan({ rate: 90, scope_mode: 'custom', goods_ids: [2] })],
        promotions: [promo({ id: 4, name: '买二送一', kind: 'buy_get', buy_n: 1, get_m: 1 })],
      }),
      at: Date.UTC(2026, 0, 5, 4),
    });
    expect(plain.lines.find((l) => l.key === 'sku:1')).toMatchObject({ list_fen: 500, total_fen: 500 });
    expect(plain.total_fen).toBe(500 + 900 + 750);
    // an edit above the base price is refused, as the server does
    const up = priceCart(cartReducer(c, { type: 'price', key: 'sku:3', fen: 350 }), ctx(skus));
    expect(up.problem).toBe('商品3改价不能高于售价¥3.00');
  });

  it('leaves out a line an unavailable plan stops selling', () => {
    const p = priceCart(
      add(add([], 1), 2),
      ctx([sku(1, 500), sku(2, 700)], {
        plans: [plan({ action: 'unavailable', scope_mode: 'custom', goods_ids: [2] })],
      }),
    );
    expect(p.total_fen).toBe(500);
    expect(p.problem).toBe('商品2当前时段不可售，请删除');
  });
});

describe('goods groups (套餐, decision 142)', () => {
  const combo: CatalogGroup = {
    group_id: 7,
    name: '可乐套餐',
    price_fen: 800,
    items: [
      { sku_id: 1, name: '商品1', qty: 2, track_stock: true, counter_qty: 5 },
      { sku_id: 2, name: '商品2', qty: 1, track_stock: false, counter_qty: 0 },
    ],
  };
  const groups = new Map([[7, combo]]);
  it('prices a group at its own price, members and plans aside, and never takes an edit', () => {
    let c = cartReducer(add([], 1), { type: 'addGroup', group_id: 7, qty: 2 });
    c = cartReducer(c, { type: 'price', key: 'group:7', fen: 100 });
    expect(c[1]).toEqual({ key: 'group:7', group_id: 7, qty: 2 });
    const p = priceCart(c, {
      ...ctx([sku(1, 500, { member_price_fen: 400 })], {
        member: true,
        plans: [plan({ rate: 50 })],
        promotions: [promo({ rate: 90 })],
      }),
      groups,
    });
    expect(p.lines.map((l) => [l.key, l.unit_fen, l.total_fen, l.group, l.deals])).toEqual([
      ['sku:1', 200, 180, false, ['午间特价', '促销']],
      ['group:7', 800, 1600, true, ['套餐']],
    ]);
    expect(p.total_fen).toBe(180 + 1600);
  });
  it("counts a group's items against the counter with the SKU lines", () => {
    const c = cartReducer(add([], 1), { type: 'addGroup', group_id: 7 });
    const used = unitsInCart(c, groups);
    expect([...used]).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(groupLeft(combo, 'refuse', used)).toEqual({ left: 1, ok: true });
    expect(sellable(sku(1, 500), 'refuse', used.get(1))).toBe(true);
    const more = unitsInCart(cartReducer(c, { type: 'addGroup', group_id: 7 }), groups);
    expect(groupLeft(combo, 'refuse', more)).toEqual({ left: 0, ok: false });
    expect(groupLeft(combo, 'warn', more).ok).toBe(true);
    // no tracked item: no limit
    expect(groupLeft({ ...combo, items: [combo.items[1]!] }, 'refuse', more)).toEqual({
      left: null,
      ok: true,
    });
  });
});

describe('payment arithmetic', () => {
  it('splits, gives change, offers quick amounts and says what is missing in Chinese', () => {
    const d = { cash_fen: 1000, member_fen: 1500, scan_fen: 0, tendered_fen: 5000 };
    expect(remaining(2800, d)).toBe(300);
    expect(draftProblem(2800, d, { principal_fen: 2000, bonus_fen: 0 })).toBe('还差 3.00 元');
    expect(draftProblem(2500, d, { principal_fen: 1000, bonus_fen: 400 })).toBe('会员余额不足');
    expect(draftProblem(2500, d)).toBe('请先关联会员');
    expect(draftProblem(2500, d, { principal_fen: 2000, bonus_fen: 0 })).toBeUndefined();
    expect(changeOf(d)).toBe(4000);
    expect(paymentsOf(d)).toEqual([
      { method: 'cash', amount_fen: 1000, tendered_fen: 5000 },
      { method: 'member', amount_fen: 1500 },
    ]);
    expect(quickTenders(2350).map((q) => q.fen)).toEqual([2350, 2400, 3000, 5000, 10000]);
    expect(quickTenders(2350).map((q) => q.label)).toEqual(['刚好 ¥23.50', '整数 ¥24', '¥30', '¥50', '¥100']);
    expect(quickTenders(5000).map((q) => q.label)).toEqual(['刚好 ¥50.00', '¥100']);
  });

  it('takes 奖励 or 本金 first by the store rule', () => {
    const m = { principal_fen: 1000, bonus_fen: 300 };
    expect(memberTake(m, 500, 'bonus_first')).toEqual({ bonus: 300, principal: 200 });
    expect(memberTake(m, 500, 'principal_first')).toEqual({ principal: 500, bonus: 0 });
    expect(memberTake(m, 1200, 'principal_first')).toEqual({ principal: 1000, bonus: 200 });
    expect(memberTake(m, 1400, 'bonus_first')).toBeUndefined();
  });
});
