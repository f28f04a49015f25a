import type {
  CategoryRow,
  GoodsRow,
  MemberRow,
  MemberSettings,
  OrderCreateBody,
  OrderListRow,
  OrderPayBody,
  OrderResult,
  OrderStatus,
  OrderStatusBody,
  Pager,
  PricedBasket,
  PrintTemplateRow,
  Promotion,
  SalesPlan,
  ShiftCurrent,
  ShiftOpenBody,
  ShiftRow,
  StockRow,
} from '@netbar/contract';
import { Status, shanghaiDate } from '@netbar/contract';
import { HttpError, http } from '../../../lib/http';
import type { CatalogSku } from '../model/cart';

/** The cashier's calls, one fetcher each; keys in order-keys.ts, hooks in order-queries / order-mutations. */

/** A fresh idempotency key for one checkout (kept until it succeeds, so a retry or double click reuses it). */
export const requestId = () => `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

export interface Catalog {
  categories: { id: number; name: string }[];
  skus: CatalogSku[];
  plans: SalesPlan[];
  promotions: Promotion[];
  negative: 'refuse' | 'warn';
  /** The sales plans and promotions could be read: the cart is priced here; else the server quotes it. */
  rulesKnown: boolean;
}

const BIG = { page: 1, page_size: 1000 };
const none = <T>(): Pager<T> => ({ list: [], page: 1, page_size: 0, count: 0 });
/** A read the cashier can do without: a refusal (a grant the cashier lacks) answers `fallback`, silently. */
async function optionalRead<T>(path: string, params: Record<string, unknown>, fallback: T): Promise<T> {
  try {
    return (await http.get<T>(path, params, { silent: true })).data ?? fallback;
  } catch {
    return fallback;
  }
}

/** Goods on the shelf as SKU buttons, with counter stock; plans and promotions to price the cart. */
export async function fetchCatalog(): Promise<Catalog> {
  const [goods, cats, plans, promos, counter, setting] = await Promise.all([
    http.get<Pager<GoodsRow>>('goods_list', { ...BIG, shelf_status: 1 }),
    optionalRead<Pager<CategoryRow>>('goods_class_list', BIG, none()),
    optionalRead<Pager<SalesPlan> | null>('goods_sales_plan_list', {}, null),
    optionalRead<Pager<Promotion> | null>('commodity_promotion_list', {}, null),
    optionalRead<Pager<StockRow> | null>(
      'stock_list',
      { ...BIG, item_kind: 'goods', location: 'counter' },
      null,
    ),
    optionalRead<{ negative_policy: 'refuse' | 'warn' }>('stock_setting', {}, { negative_policy: 'refuse' }),
  ]);
  const atCounter = counter ? new Map(counter.list.map((s) => [s.item_id, s.qty])) : undefined;
  const skus: CatalogSku[] = goods.data.list.flatMap((g) =>
    g.skus.map((k) => ({
      sku_id: k.id,
      goods_id: g.id,
      category_id: g.category_id,
      name: k.spec ? `${g.name}（${k.spec}）` : g.name,
      unit: g.unit,
      barcode: k.barcode,
      price_fen: k.price_fen,
      member_price_fen: k.member_price_fen,
      cost_fen: k.cost_fen,
      colour: g.colour,
      // a made-to-order good (with a recipe) takes its materials, not its own stock (decision 044)
      track_stock: g.track_stock && !g.recipe.length,
      qty: atCounter ? (atCounter.get(k.id) ?? 0) : k.qty,
    })),
  );
  const used = new Set(skus.map((s) => s.category_id));
  const named = new Map(cats.list.map((c) => [c.id, c.name]));
  for (const g of goods.data.list) if (!named.has(g.category_id)) named.set(g.category_id, g.category_name);
  return {
    categories: [...named].filter(([id]) => used.has(id)).map(([id, name]) => ({ id, name })),
    skus,
    plans: plans?.list ?? [],
    promotions: promos?.list ?? [],
    negative: setting.negative_policy,
    rulesKnown: !!plans && !!promos,
  };
}

/**
 * The server's price of the lines (the goods module's quote: the same engine and the store's plans and
 * promotions), for a cashier who may not read the plans and promotions themselves.
 */
export const quoteLines = async (lines: { sku_id: number; qty: number }[], member: boolean) =>
  (
    await http.post<PricedBasket>(
      'goods_price_quote',
      { lines: JSON.stringify(lines), member: member ? '1' : '0' },
      { silent: true },
    )
  ).data;

/** The member whose full card number is `text`, then members whose name or mobile contains it (member_lookup). */
export async function findMembers(text: string): Promise<MemberRow[]> {
  const r = await http.get<{ list: MemberRow[] }>('member_lookup', { q: text });
  return r.data.list;
}
/** The store's 先扣奖励/先扣本金 rule (shown in the payment dialog; the server applies it). */
export const fetchDeductOrder = async () =>
  (await optionalRead<Partial<MemberSettings>>('member_settings', {}, {})).deduct_order ?? 'bonus_first';

/**
 * Ring up (and pay, payments present) in one call; the answer is the order as the server priced it. A
 * retry of a checkout the server already took answers 40007 with that order: the sale went through.
 */
export async function ringUp(body: OrderCreateBody): Promise<{ data: OrderResult }> {
  try {
    return await http.post<OrderResult>('order_create', body, { json: true });
  } catch (e) {
    if (e instanceof HttpError && e.status === Status.SILENT_2 && e.data)
      return { data: e.data as OrderResult };
    throw e;
  }
}

/** Seat orders from the PCs still to handle today (待支付, 已支付, 制作中, 已送达), oldest first. */
export async function fetchSeatQueue(): Promise<OrderListRow[]> {
  const r = await http.get<Pager<OrderListRow>>(
    'order_list',
    { source: 'seat', start: shanghaiDate(), page: 1, page_size: 50 },
    { silent: true },
  );
  return r.data.list.filter((o) => SEAT_OPEN.includes(o.status)).reverse();
}
const SEAT_OPEN: OrderStatus[] = ['unpaid', 'paid', 'preparing', 'delivered'];
/** Pay an order already placed (a seat order waiting at the counter); same request_id rule as ring-up. */
export const payOrder = (body: OrderPayBody) => http.post<OrderResult>('order_pay', body, { json: true });
export const moveOrder = (body: OrderStatusBody) => http.post<OrderResult>('order_status', body);

export interface TargetOption {
  id: number;
  name: string;
}
/** Machines to deliver a seat order to (the seat map's machine list; none when the grant is missing). */
export const fetchMachineOptions = async (): Promise<TargetOption[]> =>
  (
    await optionalRead<Pager<{ id: number; name: string; area_name: string }>>('machine_list', BIG, none())
  ).list.map((m) => ({ id: m.id, name: m.area_name ? `${m.area_name} ${m.name}` : m.name }));
/** Rooms and tables that can take an order (enabled ones). */
export const fetchDeskOptions = async (): Promise<TargetOption[]> =>
  (await optionalRead<Pager<{ id: number; name: string; enabled: boolean }>>('desk_list', BIG, none())).list
    .filter((d) => d.enabled)
    .map((d) => ({ id: d.id, name: d.name }));

/** The cashier's own shift now (none open: `shift` null), with its till figures. */
export const fetchShift = async () =>
  (await http.get<ShiftCurrent>('shift_current', undefined, { silent: true })).data;
/** Open a shift with the float counted into the drawer (request_id: a double click opens one). */
export const openShift = (body: ShiftOpenBody) =>
  http.post<{ shift: ShiftRow; replay: boolean }>('shift_open', body);

/** The store's sales-receipt template (its default, else the built-in one); null when unreadable. */
export const fetchReceiptTemplate = () =>
  optionalRead<PrintTemplateRow | null>('print_template_default', { kind: 'sale' }, null);
