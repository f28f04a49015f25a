import type {
  OrderDetail,
  OrderEventKind,
  OrderGroupItem,
  OrderLineRow,
  OrderPaymentRow,
  OrderRow,
  OrderSource,
  OrderStatus,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** The SQL of orders (decision 123); every read and write is confined to the caller's store. */

export interface Who {
  id: number;
  name: string;
}

const ORDER_COLS = sql`o.id::int, o.order_no, o.source, o.status, o.shift_id::int, o.cashier_id, o.cashier_name, o.member_id,
  o.machine_id, o.desk_id, o.list_fen::float8 as list_fen, o.discount_fen::float8 as discount_fen,
  o.round_fen::float8 as round_fen, o.coupon_id::int as coupon_id, o.coupon_name, o.coupon_fen::float8 as coupon_fen, o.total_fen::float8 as total_fen, o.paid_fen::float8 as paid_fen, o.refunded_fen::float8 as refunded_fen, o.remark,
  ${fmtTs('o.created_at')} as created_at, ${fmtTs('o.paid_at')} as paid_at`;

export interface LockedOrder extends OrderRow {
  stock_sale_id: number | null;
}

/** The order row, locked for the caller's transaction; undefined for another store's id. */
export async function lockOrder(tx: Conn, s: TenantScope, id: number): Promise<LockedOrder | undefined> {
  const r = await rows<LockedOrder>(
    tx,
    sql`select ${ORDER_COLS}, o.stock_sale_id from orders o where o.id = ${id} and o.netbar_id = ${s.netbarId} for update`,
  );
  return r[0];
}

export async function orderIdByRequest(
  db: Conn,
  s: TenantScope,
  requestId: string,
): Promise<number | undefined> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id::int from orders where netbar_id = ${s.netbarId} and request_id = ${requestId}`,
  );
  return r[0]?.id;
}

export interface NewOrder {
  source: OrderSource;
  shift_id: number | null;
  member_id: number | null;
  machine_id: number | null;
  desk_id: number | null;
  list_fen: number;
  total_fen: number;
  remark: string;
  request_id: string;
  /** 优惠券 (decision 186): the coupon used and what it took off (included in list − total). */
  coupon?: { id: number; name: string; fen: number };
}

export interface NewLine {
  /** A SKU line's SKU, or a goods-group (套餐) line's group with what one group holds (decision 142). */
  sku_id: number | null;
  group_id: number | null;
  items: OrderGroupItem[];
  goods_id: number;
  name: string;
  qty: number;
  list_fen: number;
  unit_fen: number;
  total_fen: number;
  cost_fen: number;
  edited: boolean;
  promotion_ids: number[];
}

/**
 * Writes the order (待支付) with its lines and its 'create' timeline row in one statement (decision 139);
 * answers the order row as lockOrder would read it (the row is new in the caller's transaction: nobody
 * else can see it, let alone lock it).
 */
export async function insertOrder(
  tx: Conn,
  s: TenantScope,
  who: Who,
  o: NewOrder,
  lines: NewLine[],
  createText: string,
): Promise<LockedOrder> {
  const r = await rows<LockedOrder>(
    tx,
    sql`with o as (
          insert into orders as o (netbar_id, order_no, source, shift_id, cashier_id, cashier_name, member_id, machine_id, desk_id,
            list_fen, discount_fen, total_fen, remark, request_id, coupon_id, coupon_name, coupon_fen)
          values (${s.netbarId}, 'DD' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MISS') || lpad((nextval('orders_id_seq') % 1000000)::text, 6, '0'),
            ${o.source}, ${o.shift_id}, ${who.id}, ${who.name}, ${o.member_id}, ${o.machine_id}, ${o.desk_id},
            ${o.list_fen}, ${o.list_fen - o.total_fen}, ${o.total_fen}, ${o.remark}, ${o.request_id},
            ${o.coupon?.id ?? null}, ${o.coupon?.name ?? ''}, ${o.coupon?.fen ?? 0})
          returning ${ORDER_COLS}, o.stock_sale_id),
        l as (
          insert into order_lines (order_id, netbar_id, sku_id, group_id, items, goods_id, name, qty, list_fen, unit_fen, total_fen, cost_fen, edited, promotion_ids)
          select o.id, ${s.netbarId}, x.sku_id, x.group_id, x.items, x.goods_id, x.name, x.qty, x.list_fen, x.unit_fen, x.total_fen, x.cost_fen, x.edited, x.promotion_ids
          from o, jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as x(sku_id int, group_id int, items jsonb, goods_id int, name text, qty int, list_fen bigint,
            unit_fen bigint, total_fen bigint, cost_fen bigint, edited boolean, promotion_ids jsonb)),
        e as (
          insert into order_events (order_id, netbar_id, kind, text, user_id, user_name)
          select o.id, ${s.netbarId}, 'create', ${createText}, ${who.id}, ${who.name} from o)
        select * from o`,
  );
  return r[0]!;
}

export async function addEvent(
  tx: Conn,
  s: TenantScope,
  orderId: number,
  who: Who,
  kind: OrderEventKind,
  text: string,
): Promise<void> {
  await rows(
    tx,
    sql`insert into order_events (order_id, netbar_id, kind, text, user_id, user_name)
        values (${orderId}, ${s.netbarId}, ${kind}, ${text}, ${who.id}, ${who.name})`,
  );
}

/** Several timeline rows of one moment, in the order given, in one statement. */
export async function addEvents(
  tx: Conn,
  s: TenantScope,
  orderId: number,
  who: Who,
  events: { kind: OrderEventKind; text: string }[],
): Promise<void> {
  await rows(
    tx,
    sql`insert into order_events (order_id, netbar_id, kind, text, user_id, user_name)
        values ${sql.join(
          events.map((e) => sql`(${orderId}, ${s.netbarId}, ${e.kind}, ${e.text}, ${who.id}, ${who.name})`),
          sql`, `,
        )}`,
  );
}

export async function setStatus(
  tx: Conn,
  s: TenantScope,
  id: number,
  status: OrderStatus,
  extra: {
    /** round_fen: 抹零 taken off the total when the cash part was rounded (decision 143). */
    paid?: { paid_fen: number; shift_id: number | null; stock_sale_id: number | null; round_fen?: number };
    refunded_fen?: number;
  } = {},
): Promise<void> {
  const p = extra.paid;
  await rows(
    tx,
    sql`update orders set status = ${status}, updated_at = now(),
          paid_fen = ${p ? p.paid_fen : sql`paid_fen`}, round_fen = round_fen + ${p?.round_fen ?? 0},
          total_fen = total_fen - ${p?.round_fen ?? 0}, discount_fen = discount_fen + ${p?.round_fen ?? 0}, paid_at = ${p ? sql`now()` : sql`paid_at`},
          shift_id = ${p?.shift_id ?? sql`shift_id`}, stock_sale_id = ${p ? p.stock_sale_id : sql`stock_sale_id`},
          refunded_fen = ${extra.refunded_fen ?? sql`refunded_fen`},
          done_at = case when ${status} = 'done' then now() else done_at end,
          cancelled_at = case when ${status} = 'cancelled' then now() else cancelled_at end
        where id = ${id} and netbar_id = ${s.netbarId}`,
  );
}

export interface OrderLine extends OrderLineRow {
  goods_id: number;
}
export async function linesOf(db: Conn, orderId: number): Promise<OrderLine[]> {
  return rows<OrderLine>(
    db,
    sql`select id::int, sku_id, group_id, items, goods_id, name, qty, list_fen::float8 as list_fen, unit_fen::float8 as unit_fen,
          total_fen::float8 as total_fen, cost_fen::float8 as cost_fen, refunded_qty, refunded_fen::float8 as refunded_fen, edited
        from order_lines where order_id = ${orderId} order by id`,
  ).then((r) => r.map((l) => ({ ...l, refunded_fen: Number(l.refunded_fen) })));
}

export async function paymentsOf(db: Conn, orderId: number): Promise<OrderPaymentRow[]> {
  return rows<OrderPaymentRow>(
    db,
    sql`select id::int, method, amount_fen::float8 as amount_fen, tendered_fen::float8 as tendered_fen, change_fen::float8 as change_fen,
          refunded_fen::float8 as refunded_fen, ${fmtTs('at')} as at
        from order_payments where order_id = ${orderId} order by id`,
  );
}

/** The whole order as the detail screen shows it, in one statement; undefined for another store's id. */
export async function orderDetail(db: Conn, s: TenantScope, id: number): Promise<OrderDetail | undefined> {
  const r = await rows<OrderDetail>(
    db,
    sql`select ${ORDER_COLS},
          (select coalesce(jsonb_agg(x order by x.id), '[]'::jsonb) from (
             select id::int, sku_id, group_id, items, name, qty, list_fen::float8 as list_fen, unit_fen::float8 as unit_fen, total_fen::float8 as total_fen,
               cost_fen::float8 as cost_fen, refunded_qty, refunded_fen::float8 as refunded_fen, edited
             from order_lines where order_id = o.id) x) as lines,
          (select coalesce(jsonb_agg(x order by x.id), '[]'::jsonb) from (
             select id::int, method, amount_fen::float8 as amount_fen, tendered_fen::float8 as tendered_fen, change_fen::float8 as change_fen,
               refunded_fen::float8 as refunded_fen, ${fmtTs('at')} as at
             from order_payments where order_id = o.id) x) as payments,
          (select coalesce(jsonb_agg(x order by x.id), '[]'::jsonb) from (
             select r.id::int, r.refund_no, r.amount_fen::float8 as amount_fen, r.reason, r.user_name, ${fmtTs('r.at')} as at, r.methods,
               r.round_fen::float8 as round_fen,
               coalesce((select jsonb_agg(jsonb_build_object('line_id', x.line_id, 'name', l.name, 'qty', x.qty, 'amount_fen', x.amount_fen) order by x.line_id)
                         from order_refund_lines x join order_lines l on l.id = x.line_id where x.refund_id = r.id), '[]'::jsonb) as lines
             from order_refunds r where r.order_id = o.id) x) as refunds,
          (select coalesce(jsonb_agg(x order by x.id), '[]'::jsonb) from (
             select id::int, ${fmtTs('at')} as at, kind, text, user_name from order_events where order_id = o.id) x) as events
        from orders o where o.id = ${id} and o.netbar_id = ${s.netbarId}`,
  );
  return r[0];
}

export async function machineInStore(db: Conn, s: TenantScope, machineId: number): Promise<boolean> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id from machines where id = ${machineId} and netbar_id = ${s.netbarId}`,
  );
  return r.length > 0;
}
