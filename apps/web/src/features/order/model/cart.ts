import type { CustomColourValue } from '@netbar/contract';

/**
 * The cashier's cart as plain data and one reducer: what is on the counter, nothing priced yet
 * (pricing is cart-pricing.ts). A line is a SKU with its quantity and, perhaps, an edited unit price
 * (the line discount a cashier with the grant may give), or a goods group (套餐) at its own price
 * (decision 142).
 */

/** One sellable SKU as the cashier's buttons show it (goods name with its spec, counter stock). */
export interface CatalogSku {
  sku_id: number;
  goods_id: number;
  category_id: number;
  name: string;
  unit: string;
  barcode: string;
  price_fen: number;
  member_price_fen: number;
  colour: CustomColourValue;
  track_stock: boolean;
  /** Units at the counter (吧台); 0 or less = out of stock. */
  qty: number;
}

/** One goods group (套餐) as its button shows it: its price and, per item, the counter stock. */
export interface CatalogGroup {
  group_id: number;
  name: string;
  price_fen: number;
  items: { sku_id: number; name: string; qty: number; track_stock: boolean; counter_qty: number }[];
}

export interface CartLine {
  /** 'sku:12' or 'group:3': one line per SKU or group, adding it again raises its quantity. */
  key: string;
  /** A SKU line's SKU; absent on a group line. */
  sku_id?: number;
  /** A goods-group line's group; absent on a SKU line. */
  group_id?: number;
  qty: number;
  /** An edited unit price in fen (line discount). */
  edited_fen?: number;
}

export const QTY_LIMIT = 999;
export const lineKey = (skuId: number) => `sku:${skuId}`;
export const groupKey = (groupId: number) => `group:${groupId}`;

export type CartAction =
  | { type: 'add'; sku_id: number; qty?: number }
  | { type: 'addGroup'; group_id: number; qty?: number }
  | { type: 'qty'; key: string; qty: number }
  | { type: 'step'; key: string; by: number }
  | { type: 'price'; key: string; fen: number | undefined }
  | { type: 'remove'; key: string }
  | { type: 'clear' };

const clampQty = (q: number) => Math.max(1, Math.min(QTY_LIMIT, Math.trunc(q)));

/** The cart after one action; quantities stay 1-999 (a step below 1 removes nothing: Delete does). */
export function cartReducer(lines: CartLine[], a: CartAction): CartLine[] {
  switch (a.type) {
    case 'add': {
      const key = lineKey(a.sku_id);
      const by = a.qty ?? 1;
      const found = lines.find((l) => l.key === key);
      if (found) return lines.map((l) => (l === found ? { ...l, qty: clampQty(l.qty + by) } : l));
      return [...lines, { key, sku_id: a.sku_id, qty: clampQty(by) }];
    }
    case 'addGroup': {
      const key = groupKey(a.group_id);
      const by = a.qty ?? 1;
      const found = lines.find((l) => l.key === key);
      if (found) return lines.map((l) => (l === found ? { ...l, qty: clampQty(l.qty + by) } : l));
      return [...lines, { key, group_id: a.group_id, qty: clampQty(by) }];
    }
    case 'qty':
      return Number.isFinite(a.qty)
        ? lines.map((l) => (l.key === a.key ? { ...l, qty: clampQty(a.qty) } : l))
        : lines;
    case 'step':
      return lines.map((l) => (l.key === a.key ? { ...l, qty: clampQty(l.qty + a.by) } : l));
    case 'price':
      return lines.map((l) => {
        if (l.key !== a.key) return l;
        const { edited_fen: _old, ...rest } = l;
        // a group sells at its own price: no edit (decision 142)
        if (a.fen === undefined || l.group_id !== undefined) return rest;
        return { ...rest, edited_fen: Math.max(0, Math.round(a.fen)) };
      });
    case 'remove':
      return lines.filter((l) => l.key !== a.key);
    case 'clear':
      return [];
    default:
      return lines;
  }
}

/** The SKU a scanned or typed barcode names (exact, case-insensitive), if any. */
export function skuByBarcode(catalog: readonly CatalogSku[], code: string): CatalogSku | undefined {
  const c = code.trim().toLowerCase();
  if (!c) return undefined;
  return catalog.find((s) => s.barcode && s.barcode.toLowerCase() === c);
}

/** Buttons matching a search: the name or the barcode contains the text. */
export function searchSkus(catalog: readonly CatalogSku[], text: string): CatalogSku[] {
  const t = text.trim().toLowerCase();
  if (!t) return [...catalog];
  return catalog.filter((s) => s.name.toLowerCase().includes(t) || s.barcode.toLowerCase().includes(t));
}

/** Whether a SKU may be sold now: in stock, not tracked, or the store lets stock go negative. */
export function sellable(s: CatalogSku, negative: 'refuse' | 'warn', inCart = 0): boolean {
  return !s.track_stock || negative === 'warn' || s.qty - inCart > 0;
}

/** Units of each SKU the cart takes from the counter: SKU lines, and each group line's items × its qty. */
export function unitsInCart(
  cart: readonly CartLine[],
  groups: ReadonlyMap<number, CatalogGroup>,
): Map<number, number> {
  const used = new Map<number, number>();
  const take = (sku: number, qty: number) => used.set(sku, (used.get(sku) ?? 0) + qty);
  for (const l of cart) {
    if (l.sku_id !== undefined) take(l.sku_id, l.qty);
    else for (const i of groups.get(l.group_id ?? 0)?.items ?? []) take(i.sku_id, i.qty * l.qty);
  }
  return used;
}

/**
 * Whole groups the counter still makes beside what the cart takes (the scarcest tracked item; null when
 * no item keeps stock), and whether one more may be added under the store's policy.
 */
export function groupLeft(
  g: CatalogGroup,
  negative: 'refuse' | 'warn',
  used: ReadonlyMap<number, number> = new Map(),
): { left: number | null; ok: boolean } {
  const tracked = g.items.filter((i) => i.track_stock);
  const left = tracked.length
    ? Math.max(
        0,
        Math.min(...tracked.map((i) => Math.floor((i.counter_qty - (used.get(i.sku_id) ?? 0)) / i.qty))),
      )
    : null;
  return { left, ok: negative === 'warn' || left === null || left > 0 };
}

/** Group buttons matching a search: the group's name contains the text. */
export function searchGroups(groups: readonly CatalogGroup[], text: string): CatalogGroup[] {
  const t = text.trim().toLowerCase();
  return t ? groups.filter((g) => g.name.toLowerCase().includes(t)) : [...groups];
}
