import {
  type BasketLine,
  type PricedBasket,
  type Promotion,
  priceBasket,
  type SalesPlan,
  shanghaiClock,
} from '@netbar/contract';
import type { CartLine, CatalogGroup, CatalogSku } from './cart';

/**
 * Prices the cart with the contract's `priceBasket` (decision 042), the engine the server runs when
 * the order is rung up: the screen shows the same figures, and the server's answer stays the authority.
 * SKU lines at their list price go through the engine (sales plans, promotions, bundles, member price);
 * a line with an edited unit price is that price × quantity, and a goods group is its own price ×
 * quantity — neither takes a promotion.
 */

export interface PricedCartLine {
  key: string;
  name: string;
  unit: string;
  qty: number;
  /** Unit price before promotions (after the plan or the edit). */
  unit_fen: number;
  /** Sale price (member price when lower and a member is attached) before plans. */
  list_fen: number;
  total_fen: number;
  available: boolean;
  edited: boolean;
  /** Names of the sales plan and promotions that priced the line. */
  deals: string[];
}
export interface PricedCart {
  lines: PricedCartLine[];
  list_fen: number;
  total_fen: number;
  saving_fen: number;
  /** Lines a sales plan stops selling now (not counted). */
  unavailable: string[];
}
export interface PricingContext {
  skus: ReadonlyMap<number, CatalogSku>;
  groups: ReadonlyMap<number, CatalogGroup>;
  plans: SalesPlan[];
  promotions: Promotion[];
  member: boolean;
  at?: number;
}

function dealNames(ctx: PricingContext, planId: number | null, promoIds: number[]): string[] {
  const out: string[] = [];
  const plan = planId === null ? undefined : ctx.plans.find((p) => p.id === planId);
  if (plan) out.push(plan.name);
  for (const id of promoIds) {
    const p = ctx.promotions.find((x) => x.id === id);
    if (p) out.push(p.name);
  }
  return out;
}

export function priceCart(cart: readonly CartLine[], ctx: PricingContext): PricedCart {
  const ms = ctx.at ?? Date.now();
  const engineLines: BasketLine[] = [];
  for (const l of cart) {
    const s = l.kind === 'sku' && l.edited_fen === undefined ? ctx.skus.get(l.id) : undefined;
    if (s)
      engineLines.push({
        sku_id: s.sku_id,
        goods_id: s.goods_id,
        category_id: s.category_id,
        qty: l.qty,
        price_fen: s.price_fen,
        member_price_fen: s.member_price_fen,
      });
  }
  const basket: PricedBasket | undefined = engineLines.length
    ? priceBasket({
        lines: engineLines,
        at: { ...shanghaiClock(ms), ms },
        member: ctx.member,
        plans: ctx.plans,
        promotions: ctx.promotions,
      })
    : undefined;

  const lines: PricedCartLine[] = [];
  for (const l of cart) {
    if (l.kind === 'group') {
      const g = ctx.groups.get(l.id);
      if (!g) continue;
      lines.push({
        key: l.key,
        name: g.name,
        unit: '份',
        qty: l.qty,
        unit_fen: g.price_fen,
        list_fen: g.price_fen,
        total_fen: g.price_fen * l.qty,
        available: true,
        edited: false,
        deals: ['套餐'],
      });
      continue;
    }
    const s = ctx.skus.get(l.id);
    if (!s) continue;
    const list = ctx.member ? Math.min(s.price_fen, s.member_price_fen) : s.price_fen;
    if (l.edited_fen !== undefined) {
      lines.push({
        key: l.key,
        name: s.name,
        unit: s.unit,
        qty: l.qty,
        unit_fen: l.edited_fen,
        list_fen: list,
        total_fen: l.edited_fen * l.qty,
        available: true,
        edited: true,
        deals: ['改价'],
      });
      continue;
    }
    const p = basket?.lines.find((x) => x.sku_id === s.sku_id);
    lines.push({
      key: l.key,
      name: s.name,
      unit: s.unit,
      qty: l.qty,
      unit_fen: p?.base_fen ?? list,
      list_fen: p?.list_fen ?? list,
      total_fen: p?.available === false ? 0 : (p?.total_fen ?? list * l.qty),
      available: p?.available ?? true,
      edited: false,
      deals: p ? dealNames(ctx, p.plan_id, p.promotion_ids) : [],
    });
  }
  const sold = lines.filter((l) => l.available);
  const list_fen = sold.reduce((a, l) => a + l.list_fen * l.qty, 0);
  const total_fen = sold.reduce((a, l) => a + l.total_fen, 0);
  return {
    lines,
    list_fen,
    total_fen,
    saving_fen: list_fen - total_fen,
    unavailable: lines.filter((l) => !l.available).map((l) => l.name),
  };
}
