import type { CustomColourValue } from '@netbar/contract';

/**
 * The cashier's cart as plain data and one reducer: what is on the counter, nothing priced yet
 * (pricing is cart-pricing.ts). A line is a SKU with its quantity and, perhaps, an edited unit price
 * (the line discount a cashier with the grant may give).
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

export interface CartLine {
  /** 'sku:12': one line per SKU, adding it again raises its quantity. */
  key: string;
  sku_id: number;
  qty: number;
  /** An edited unit price in fen (line discount). */
  edited_fen?: number;
}

export const QTY_LIMIT = 999;
export const lineKey = (skuId: number) => `sku:${skuId}`;

export type CartAction =
  | { type: 'add'; sku_id: number; qty?: number }
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
        return a.fen === undefined ? rest : { ...rest, edited_fen: Math.max(0, Math.round(a.fen)) };
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
