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

/** A line being priced: its source and the units no promotion has claimed yet. */
type Working = PricedLine & { src: BasketLine; rest: number };

/**
 * One bundle over the units the lines have left: the dearest units go into bundles first (that is what a
 * customer expects to save on), q units a set, while a set costs less than its units; each set's price is
 * spread over its units in proportion, remainders to the last unit. The units in that order are runs, one
 * per line, so this works on (line, count) runs: the sets inside one run are alike and taken together,
 * only a set across runs is split unit by unit. A line of 999 pieces costs a few steps, not 999 objects.
 */
function applyBundle(b: Promotion, lines: Working[]) {
  const q = b.bundle_qty;
  if (!(q > 0)) return;
  // Array.prototype.sort is stable: lines of equal price and SKU keep their order, as their units would.
  const runs = lines
    .filter((line) => line.rest > 0 && inScope(b, line.src))
    .map((line) => ({ line, left: line.rest }))
    .sort((x, y) => y.line.base_fen - x.line.base_fen || x.line.sku_id - y.line.sku_id);
  const take = (line: Working, units: number, fen: number) => {
    line.total_fen += fen;
    line.rest -= units;
    if (!line.promotion_ids.includes(b.id)) line.promotion_ids.push(b.id);
  };
  let sets = Math.floor(runs.reduce((n, r) => n + r.left, 0) / q);
  let r = 0;
  while (sets > 0) {
    while (runs[r]!.left === 0) r++;
    const run = runs[r]!;
    if (run.left >= q) {
      // whole sets inside one line: each costs the bundle price
      if (b.price_fen >= q * run.line.base_fen) return;
      const k = Math.min(sets, Math.floor(run.left / q));
      take(run.line, k * q, k * b.price_fen);
      run.left -= k * q;
      sets -= k;
      continue;
    }
    // one set across several lines
    const parts: { run: (typeof runs)[number]; n: number }[] = [];
    for (let need = q, j = r; need > 0; j++) {
      const n = Math.min(need, runs[j]!.left);
      if (n > 0) parts.push({ run: runs[j]!, n });
      need -= n;
    }
    const full = parts.reduce((sum, p) => sum + p.n * p.run.line.base_fen, 0);
    if (b.price_fen >= full) return;
    let left = b.price_fen;
    parts.forEach(({ run: p, n }, i) => {
      // every unit its proportional share; the set's last unit what is left, so the last run takes the rest
      const share = i === parts.length - 1 ? left : n * Math.floor((b.price_fen * p.line.base_fen) / full);
      left -= share;
      take(p.line, n, share);
      p.left -= n;
    });
    sets -= 1;
  }
}

export function priceBasket(input: PricingInput): PricedBasket {
  const { at } = input;
  const plans = input.plans.filter((p) => planActive(p, at));
  const promos = input.promotions
    .filter((p) => p.enabled && p.start_ms <= at.ms && at.ms < p.end_ms)
    .sort((a, b) => a.id - b.id);
  const lines: Working[] = input.lines.map((l) => {
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

  for (const b of promos.filter((p) => p.kind === 'bundle')) applyBundle(b, lines);

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
