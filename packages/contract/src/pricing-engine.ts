import type { Promotion, SalesPlan, Scope } from './pricing';

/**
 * The price of a basket at a moment (decision 042): sales plans set each line's base price, then
 * promotions apply without stacking — bundles claim units first, then each line takes its single best
 * per-line promotion on the rest. A line never costs more than its base price. All figures in fen.
 */

export interface BasketLine {
  sku_id: number;
  goods_id: number;
  category_id: number;
  qty: number;
  price_fen: number;
  member_price_fen: number;
}
export interface PricedLine {
  sku_id: number;
  qty: number;
  /** Sale (or member) price before plans. */
  list_fen: number;
  /** Unit price after the sales plan. */
  base_fen: number;
  plan_id: number | null;
  available: boolean;
  promotion_ids: number[];
  total_fen: number;
}
export interface PricedBasket {
  lines: PricedLine[];
  list_fen: number;
  total_fen: number;
  saving_fen: number;
  unavailable: number[];
}
export interface PricingInput {
  lines: BasketLine[];
  /** The moment, local wall-clock: weekday 0-6 (Sunday 0), minute of day, epoch ms. */
  at: { weekday: number; minute: number; ms: number };
  member: boolean;
  plans: SalesPlan[];
  promotions: Promotion[];
}

export function inScope(s: Scope, line: Pick<BasketLine, 'goods_id' | 'category_id'>): boolean {
  if (s.scope_mode === 'ordinary') return true;
  const listed = s.goods_ids.includes(line.goods_id) || s.category_ids.includes(line.category_id);
  return s.scope_rule === 'apply' ? listed : !listed;
}

/** Percent of a price, rounded half up to the fen. */
export const rateOf = (fen: number, rate: number): number => Math.floor((fen * rate + 50) / 100);

function planActive(p: SalesPlan, at: PricingInput['at']): boolean {
  return (
    p.enabled && p.weekdays.includes(at.weekday) && at.minute >= p.start_minute && at.minute < p.end_minute
  );
}

/** Line total under one per-line promotion, or undefined when it does not apply. */
export function lineUnder(promo: Promotion, base: number, qty: number): number | undefined {
  if (qty <= 0) return 0;
  switch (promo.kind) {
    case 'discount':
      return rateOf(base, promo.rate) * qty;
    case 'fixed':
      return Math.min(base, promo.price_fen) * qty;
    case 'buy_get': {
      const free = Math.floor(qty / (promo.buy_n + promo.get_m)) * promo.get_m;
      return free > 0 ? (qty - free) * base : undefined;
    }
    default:
      return undefined;
  }
}

export function priceBasket(input: PricingInput): PricedBasket {
  const { at } = input;
  const plans = input.plans.filter((p) => planActive(p, at));
  const promos = input.promotions
    .filter((p) => p.enabled && p.start_ms <= at.ms && at.ms < p.end_ms)
    .sort((a, b) => a.id - b.id);
  const lines: (PricedLine & { src: BasketLine; rest: number })[] = input.lines.map((l) => {
    const list = input.member ? Math.min(l.price_fen, l.member_price_fen) : l.price_fen;
    const mine = plans.filter((p) => inScope(p, l));
    const off = mine.find((p) => p.action === 'unavailable');
    // The lowest plan price wins when several plans cover the line at once.
    const best = mine.filter((p) => p.action === 'rate').sort((a, b) => a.rate - b.rate || a.id - b.id)[0];
    const base = best ? rateOf(list, best.rate) : list;
    return {
      sku_id: l.sku_id,
      qty: l.qty,
      list_fen: list,
      base_fen: base,
      plan_id: off?.id ?? best?.id ?? null,
      available: !off,
      promotion_ids: [],
      total_fen: 0,
      src: l,
      rest: off ? 0 : l.qty,
    };
  });

  for (const b of promos.filter((p) => p.kind === 'bundle')) {
    const units: { line: (typeof lines)[number] }[] = [];
    for (const line of lines)
      if (line.rest > 0 && inScope(b, line.src)) for (let i = 0; i < line.rest; i++) units.push({ line });
    // The dearest units go into bundles first: that is what a customer expects to save on.
    units.sort((x, y) => y.line.base_fen - x.line.base_fen || x.line.sku_id - y.line.sku_id);
    const sets = Math.floor(units.length / b.bundle_qty);
    for (let s = 0; s < sets; s++) {
      const set = units.slice(s * b.bundle_qty, (s + 1) * b.bundle_qty);
      const full = set.reduce((sum, u) => sum + u.line.base_fen, 0);
      if (b.price_fen >= full) break;
      // Spread the bundle price over its units in proportion, remainders to the first unit.
      let left = b.price_fen;
      set.forEach((u, i) => {
        const share = i === set.length - 1 ? left : Math.floor((b.price_fen * u.line.base_fen) / full);
        left -= share;
        u.line.total_fen += share;
        u.line.rest -= 1;
        if (!u.line.promotion_ids.includes(b.id)) u.line.promotion_ids.push(b.id);
      });
    }
  }

  for (const line of lines) {
    if (line.rest <= 0) continue;
    const plain = line.base_fen * line.rest;
    let bestTotal = plain;
    let bestId: number | null = null;
    for (const p of promos) {
      if (p.kind === 'bundle' || !inScope(p, line.src)) continue;
      const t = lineUnder(p, line.base_fen, line.rest);
      if (t !== undefined && t < bestTotal) {
        bestTotal = t;
        bestId = p.id;
      }
    }
    line.total_fen += bestTotal;
    if (bestId !== null) line.promotion_ids.push(bestId);
  }

  const out = lines.map(({ src: _src, rest: _rest, ...l }) => l);
  const sold = out.filter((l) => l.available);
  const list = sold.reduce((s, l) => s + l.list_fen * l.qty, 0);
  const total = sold.reduce((s, l) => s + l.total_fen, 0);
  return {
    lines: out,
    list_fen: list,
    total_fen: total,
    saving_fen: list - total,
    unavailable: out.filter((l) => !l.available).map((l) => l.sku_id),
  };
}
