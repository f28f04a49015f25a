import { describe, expect, it } from 'vitest';
import type { Promotion, SalesPlan } from './pricing';
import { type BasketLine, priceBasket } from './pricing-engine';

const AT = { weekday: 5, minute: 20 * 60, ms: Date.parse('2025-06-06T20:00:00+08:00') };
const line = (
  sku_id: number,
  qty: number,
  price_fen: number,
  extra: Partial<BasketLine> = {},
): BasketLine => ({
  sku_id,
  goods_id: sku_id,
  category_id: 1,
  qty,
  price_fen,
  member_price_fen: price_fen,
  ...extra,
});
const scope = {
  scope_mode: 'ordinary' as const,
  scope_rule: 'apply' as const,
  goods_ids: [],
  category_ids: [],
};
const promo = (id: number, p: Partial<Promotion>): Promotion => ({
  id,
  name: `p${id}`,
  kind: 'discount',
  start_ms: 0,
  end_ms: AT.ms + 1,
  rate: 100,
  price_fen: 0,
  buy_n: 0,
  get_m: 0,
  bundle_qty: 0,
  enabled: true,
  ...scope,
  ...p,
});
const plan = (id: number, p: Partial<SalesPlan>): SalesPlan => ({
  id,
  name: `s${id}`,
  weekdays: [5],
  start_minute: 18 * 60,
  end_minute: 24 * 60,
  action: 'rate',
  rate: 100,
  enabled: true,
  ...scope,
  ...p,
});
const price = (lines: BasketLine[], promotions: Promotion[] = [], plans: SalesPlan[] = [], member = false) =>
  priceBasket({ lines, at: AT, member, plans, promotions });

describe('priceBasket', () => {
  it('charges list prices without plans or promotions, and member prices to members', () => {
    expect(price([line(1, 2, 300)]).total_fen).toBe(600);
    expect(price([line(1, 2, 300, { member_price_fen: 280 })], [], [], true).total_fen).toBe(560);
  });

  it('applies each promotion kind', () => {
    expect(price([line(1, 3, 333)], [promo(1, { kind: 'discount', rate: 80 })]).total_fen).toBe(3 * 266);
    expect(price([line(1, 2, 500)], [promo(1, { kind: 'fixed', price_fen: 350 })]).total_fen).toBe(700);
    expect(price([line(1, 5, 300)], [promo(1, { kind: 'buy_get', buy_n: 2, get_m: 1 })]).total_fen).toBe(
      4 * 300,
    );
    expect(price([line(1, 2, 300)], [promo(1, { kind: 'buy_get', buy_n: 2, get_m: 1 })]).total_fen).toBe(600);
    const b = price(
      [line(1, 1, 600), line(2, 1, 300), line(3, 1, 200)],
      [promo(1, { kind: 'bundle', bundle_qty: 2, price_fen: 700 })],
    );
    // the two dearest units (600 + 300) form the bundle; the 200 stays at list price
    expect(b.total_fen).toBe(900);
    expect(b.lines.map((l) => l.total_fen)).toEqual([466, 234, 200]);
  });

  it('respects the period, the enabled flag and the scopes', () => {
    expect(price([line(1, 1, 1000)], [promo(1, { rate: 50, end_ms: AT.ms })]).total_fen).toBe(1000);
    expect(price([line(1, 1, 1000)], [promo(1, { rate: 50, enabled: false })]).total_fen).toBe(1000);
    const custom = promo(1, { rate: 50, scope_mode: 'custom', scope_rule: 'apply', goods_ids: [1] });
    expect(price([line(1, 1, 1000), line(2, 1, 1000)], [custom]).total_fen).toBe(1500);
    const exclude = promo(1, { rate: 50, scope_mode: 'custom', scope_rule: 'exclude', category_ids: [1] });
    expect(price([line(1, 1, 1000), line(2, 1, 1000, { category_id: 2 })], [exclude]).total_fen).toBe(1500);
  });

  it('never stacks: a line takes its single best per-line promotion', () => {
    const r = price(
      [line(1, 3, 1000)],
      [
        promo(1, { kind: 'discount', rate: 90 }),
        promo(2, { kind: 'fixed', price_fen: 800 }),
        promo(3, { kind: 'buy_get', buy_n: 2, get_m: 1 }),
      ],
    );
    expect(r.total_fen).toBe(2000);
    expect(r.lines[0]!.promotion_ids).toEqual([3]);
  });

  it('bundles claim units first; the rest of the line takes its best per-line promotion', () => {
    const r = price(
      [line(1, 3, 500)],
      [promo(1, { kind: 'bundle', bundle_qty: 2, price_fen: 800 }), promo(2, { kind: 'discount', rate: 90 })],
    );
    expect(r.total_fen).toBe(800 + 450);
    expect(r.lines[0]!.promotion_ids).toEqual([1, 2]);
  });

  it('bundles lines of 999 pieces by runs of equal sets, quickly and to the fen', () => {
    const pair = promo(1, { kind: 'bundle', bundle_qty: 2, price_fen: 700 });
    const r = price([line(1, 999, 500), line(2, 999, 300), line(3, 999, 200)], [pair]);
    // 499 pairs of 500s at 700; the last 500 pairs with a 300 (437 + 263); two 300s (600) are no saving: stop
    expect(r.lines.map((l) => l.total_fen)).toEqual([499 * 700 + 437, 263 + 998 * 300, 999 * 200]);
    expect(r.lines.map((l) => l.promotion_ids)).toEqual([[1], [1], []]);
    const lines = Array.from({ length: 100 }, (_, i) => line(i + 1, 999, 300 + (i % 5)));
    const start = performance.now();
    const many = price(lines, [promo(1, { kind: 'bundle', bundle_qty: 3, price_fen: 800 })]);
    expect(performance.now() - start).toBeLessThan(50);
    // 99,900 pieces make 33,300 sets of three, each dearer than 800
    expect(many.total_fen).toBe(33_300 * 800);
    expect(many.lines.every((l) => l.promotion_ids.join() === '1')).toBe(true);
  });

  it('a bundle dearer than the units is not applied', () => {
    expect(
      price([line(1, 2, 100)], [promo(1, { kind: 'bundle', bundle_qty: 2, price_fen: 500 })]).total_fen,
    ).toBe(200);
  });

  it('sales plans set the base price by weekday and hour; promotions work on it; the lowest plan wins; unavailable lines are not sold', () => {
    expect(price([line(1, 1, 1000)], [], [plan(1, { rate: 80 })]).total_fen).toBe(800);
    expect(price([line(1, 1, 1000)], [], [plan(1, { rate: 80, weekdays: [1] })]).total_fen).toBe(1000);
    expect(
      price([line(1, 1, 1000)], [], [plan(1, { rate: 80, start_minute: 0, end_minute: 20 * 60 })]).total_fen,
    ).toBe(1000);
    expect(price([line(1, 1, 1000)], [], [plan(1, { rate: 80 }), plan(2, { rate: 70 })]).total_fen).toBe(700);
    expect(
      price([line(1, 1, 1000)], [promo(1, { kind: 'discount', rate: 50 })], [plan(1, { rate: 80 })])
        .total_fen,
    ).toBe(400);
    expect(
      price([line(1, 1, 1000)], [promo(1, { kind: 'fixed', price_fen: 900 })], [plan(1, { rate: 80 })])
        .total_fen,
    ).toBe(800);
    const off = price(
      [line(1, 1, 1000), line(2, 1, 500)],
      [],
      [plan(1, { action: 'unavailable', scope_mode: 'custom', goods_ids: [1] })],
    );
    expect(off.unavailable).toEqual([1]);
    expect(off.total_fen).toBe(500);
  });
});
