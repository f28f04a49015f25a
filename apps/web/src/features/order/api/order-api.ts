import type {
  CashierDrawOffer,
  ClaimResult,
  DeductOrder,
  MemberCouponRow,
  MemberRow,
  NegativePolicyValue,
  OrderCatalog,
  OrderCreateBody,
  OrderListRow,
  OrderPayBody,
  OrderResult,
  OrderStatus,
  OrderStatusBody,
  Pager,
  PrintTemplateForPrint,
  Promotion,
  SalesPlan,
  ShiftCurrent,
  ShiftOpenBody,
  ShiftRow,
} from '@netbar/contract';
import { Status, shanghaiDate } from '@netbar/contract';
import { HttpError, http } from '../../../lib/http';
import type { CatalogGroup, CatalogSku } from '../model/cart';

/** The cashier's calls, one fetcher each; keys in order-keys.ts, hooks in order-queries / order-mutations. */

/** A fresh idempotency key for one checkout (kept until it succeeds, so a retry or double click reuses it). */
export const requestId = () => `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

export interface Catalog {
  categories: { id: number; name: string }[];
  skus: CatalogSku[];
  /** On-shelf goods groups (套餐), sold at their own price (decision 142). */
  groups: CatalogGroup[];
  plans: SalesPlan[];
  promotions: Promotion[];
  negative: NegativePolicyValue;
  /** 先扣奖励 / 先扣本金 (shown in the payment dialog; the server applies it). */
  deduct: DeductOrder;
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

/**
 * The counter's goods in one call (order_catalog, decision 141; the counter's grant 264 or 2640 is
 * enough): on-shelf SKUs as buttons with counter stock, the plans and promotions the cart is priced
 * with, the negative-stock policy and the member rule. No cost prices come to the counter.
 */
export async function fetchCatalog(): Promise<Catalog> {
  const c = (await http.get<OrderCatalog>('order_catalog')).data;
  const skus: CatalogSku[] = c.skus.map((k) => ({
    sku_id: k.sku_id,
    goods_id: k.goods_id,
    category_id: k.category_id,
    name: k.name,
    unit: k.unit,
    barcode: k.barcode,
    price_fen: k.price_fen,
    member_price_fen: k.member_price_fen,
    colour: k.colour,
    // a made-to-order good (with a recipe) takes its materials, not its own stock (decision 044)
    track_stock: k.track_stock && !k.has_recipe,
    qty: k.qty,
  }));
  const groups: CatalogGroup[] = (c.groups ?? []).map((g) => ({
    group_id: g.group_id,
    name: g.name,
    price_fen: g.price_fen,
    items: g.items,
  }));
  return {
    categories: c.categories,
    skus,
    groups,
    plans: c.plans,
    promotions: c.promotions,
    negative: c.negative_policy,
    deduct: c.deduct_order,
  };
}

/** The member whose full card number is `text`, then members whose name or mobile contains it (member_lookup). */
export async function findMembers(text: string): Promise<MemberRow[]> {
  const r = await http.get<{ list: MemberRow[] }>('member_lookup', { q: text });
  return r.data.list;
}

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

/**
 * The store's sales-receipt template (its default, else the built-in one) with its 私域 code when it prints
 * 私域二维码 (decision 183); null when unreadable.
 */
export const fetchReceiptTemplate = () =>
  optionalRead<PrintTemplateForPrint | null>('print_template_default', { kind: 'sale' }, null);

/**
 * 收银抽奖 (decision 177): the running draw a paid member order reaches (null: none, already drawn, or the
 * app off / not granted — silently, the counter goes on), and the draw itself, once per order.
 */
export const fetchDrawOffer = (orderNo: string) =>
  optionalRead<CashierDrawOffer | null>('cashier_draw_offer', { order_no: orderNo }, null);
export const drawForOrder = async (orderNo: string) =>
  (await http.post<ClaimResult>('cashier_draw', { order_no: orderNo })).data;

/** 优惠券 (decision 186): the attached member's coupons usable at this store today. */
export const fetchUsableCoupons = async (memberId: number) =>
  (
    await http.get<MemberCouponRow[]>(
      'member_coupons',
      { member_id: memberId, usable: '1' },
      { silent: true },
    )
  ).data;
