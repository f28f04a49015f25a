import {
  type BasketLine,
  fenToYuan,
  type Promotion,
  priceBasket,
  type SalesPlan,
  shanghaiClock,
} from '@netbar/contract';
import type { CartLine, CatalogGroup, CatalogSku } from './cart';

/**
 * Prices the cart the way the server prices the order (order-price.ts, decision 124), with the same
 * contract engine `priceBasket` (decision 042): every line through the engine gives its base price
 * (sales plan, member price once a member is attached) and whether it sells now; the promotions are then
 * worked out over the lines whose price was not edited. An edited line is its price × quantity, never
 * above the base. A goods group (套餐) is its own price × quantity, members too, with no plan or promotion
 * (decision 142). The server's answer stays the authority: the screen shows what it will charge.
 */

export interface PricedCartLine {
  key: string;
  /** The SKU, or null on a goods-group (套餐) line. */
  sku_id: number | null;
  /** A goods-group line: its price is the group's, never edited. */
  group: boolean;
  name: string;
  unit: string;
  qty: number;
  /** Charged unit price: the base, or the edited price. */
  unit_fen: number;
  /** The store's unit price now (after the plan and the member price): the most an edit may ask. */
  base_fen: number;
  /** Sale (or member) price before plans. */
  list_fen: number;
  total_fen: number;
  available: boolean;
  edited: boolean;
  /** Names of the sales plan and promotions that priced the line, or 改价. */
  deals: string[];
}
export interface PricedCart {
  lines: PricedCartLine[];
  list_fen: number;
  total_fen: number;
  saving_fen: number;
  /** Why the cart cannot be rung up as it is (Chinese), if anything. */
  problem?: string;
}
export interface PricingContext {
  skus: ReadonlyMap<number, CatalogSku>;
  groups?: ReadonlyMap<number, CatalogGroup>;
  plans: SalesPlan[];
  promotions: Promotion[];
  member: boolean;
  at?: number;
}

const names = (ctx: PricingContext, planId: number | null, promoIds: number[]) => [
  ...ctx.plans.filter((p) => p.id === planId).map((p) => p.name),
  ...promoIds.flatMap((id) => ctx.promotions.filter((p) => p.id === id).map((p) => p.name)),
];

export function priceCart(cart: readonly CartLine[], ctx: PricingContext): PricedCart {
  const ms = ctx.at ?? Date.now();
  const rows = cart.flatMap((l) => {
    const s = l.sku_id !== undefined ? ctx.skus.get(l.sku_id) : undefined;
    return s ? [{ l, s }] : [];
  });
  const basket = (list: typeof rows): BasketLine[] =>
    list.map(({ l, s }) => ({
      sku_id: s.sku_id,
      goods_id: s.goods_id,
      category_id: s.category_id,
      qty: l.qty,
      price_fen: s.price_fen,
      member_price_fen: s.member_price_fen,
    }));
  const run = (list: typeof rows) =>
    priceBasket({
      lines: basket(list),
      at: { ...shanghaiClock(ms), ms },
      member: ctx.member,
      plans: ctx.plans,
      promotions: ctx.promotions,
    });
  const all = run(rows);
  const edited = rows.map(
    ({ l }, i) => l.edited_fen !== undefined && l.edited_fen !== all.lines[i]?.base_fen,
  );
  const plainRows = rows.filter((_, i) => !edited[i]);
  const plain = run(plainRows);

  let problem: string | undefined;
  const skuLines = rows.map(({ l, s }, i): PricedCartLine => {
    const p = all.lines[i];
    const base = p?.base_fen ?? s.price_fen;
    const common = {
      key: l.key,
      sku_id: s.sku_id,
      group: false,
      name: s.name,
      unit: s.unit,
      qty: l.qty,
      base_fen: base,
      list_fen: p?.list_fen ?? base,
    };
    if (p && !p.available) {
      problem ??= `${s.name}当前时段不可售，请删除`;
      return { ...common, unit_fen: base, total_fen: 0, available: false, edited: false, deals: [] };
    }
    if (edited[i]) {
      const price = l.edited_fen ?? base;
      if (price > base) problem ??= `${s.name}改价不能高于售价¥${fenToYuan(base)}`;
      return {
        ...common,
        unit_fen: price,
        total_fen: price * l.qty,
        available: true,
        edited: true,
        deals: ['改价'],
      };
    }
    const q = plain.lines[plainRows.indexOf(rows[i] as (typeof rows)[number])];
    return {
      ...common,
      unit_fen: base,
      total_fen: q?.total_fen ?? base * l.qty,
      available: true,
      edited: false,
      deals: names(ctx, p?.plan_id ?? null, q?.promotion_ids ?? []),
    };
  });
  const byKey = new Map(skuLines.map((p) => [p.key, p]));
  // the cart's order: SKU lines as priced, group lines at the group's price
  const lines = cart.flatMap((l): PricedCartLine[] => {
    if (l.sku_id !== undefined) return byKey.has(l.key) ? [byKey.get(l.key) as PricedCartLine] : [];
    const g = ctx.groups?.get(l.group_id ?? 0);
    if (!g) return [];
    return [
      {
        key: l.key,
        sku_id: null,
        group: true,
        name: g.name,
        unit: '份',
        qty: l.qty,
        unit_fen: g.price_fen,
        base_fen: g.price_fen,
        list_fen: g.price_fen,
        total_fen: g.price_fen * l.qty,
        available: true,
        edited: false,
        deals: ['套餐'],
      },
    ];
  });
  const sold = lines.filter((l) => l.available);
  const list_fen = sold.reduce((a, l) => a + l.list_fen * l.qty, 0);
  const total_fen = sold.reduce((a, l) => a + l.total_fen, 0);
  return { lines, list_fen, total_fen, saving_fen: list_fen - total_fen, problem };
}
