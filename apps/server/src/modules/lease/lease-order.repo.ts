import type { LeaseLossKind, LeaseOrderRow, LeasePayMethod, LeaseStatus } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** Writes and single reads of lease orders; the list lives in lease-list.repo.ts. */

export const LEASE_COLS = sql`o.id::int, o.lease_no, o.item_id, o.item_name, o.qty, o.price_fen::int, o.price_unit,
  o.deposit_fen::int, o.pay_method, o.member_id, coalesce(m.name, '') as member_name, o.customer_name, o.customer_phone,
  o.status, (o.status = 'renting' and o.expected_return_at < now()) as overdue, o.loss_kind,
  ${fmtTs('o.rented_at')} as rented_at, ${fmtTs('o.expected_return_at')} as expected_return_at,
  coalesce(${fmtTs('o.closed_at')}, '') as closed_at, o.minutes, o.fee_fen::int, o.refund_fen::int, o.extra_fen::int, o.round_fen::int,
  o.extra_method, o.cashier_id, o.cashier_name, o.closed_by, o.remark`;
export const LEASE_FROM = sql`from lease_orders o left join members m on m.id = o.member_id`;

export async function leaseById(db: Conn, nid: number, id: number): Promise<LeaseOrderRow | undefined> {
  const r = await rows<LeaseOrderRow>(
    db,
    sql`select ${LEASE_COLS} ${LEASE_FROM} where o.id = ${id} and o.netbar_id = ${nid}`,
  );
  return r[0];
}

/** The lease a rent request created (a retry finds it). */
export async function leaseIdByRequest(
  db: Conn,
  nid: number,
  requestId: string,
): Promise<number | undefined> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id::int from lease_orders where netbar_id = ${nid} and request_id = ${requestId}`,
  );
  return r[0]?.id;
}

export interface NewLease {
  item_id: number;
  item_name: string;
  qty: number;
  price_fen: number;
  price_unit: string;
  deposit_fen: number;
  pay_method: LeasePayMethod;
  member_id: number | null;
  customer_name: string;
  customer_phone: string;
  expected_return_at: string;
  cashier: { id: number; name: string };
  remark: string;
  request_id: string;
}

export async function insertLease(
  tx: Conn,
  nid: number,
  l: NewLease,
): Promise<{ id: number; lease_no: string }> {
  const r = await rows<{ id: number; lease_no: string }>(
    tx,
    sql`with n as (select nextval('lease_orders_id_seq') as id)
        insert into lease_orders (id, netbar_id, lease_no, item_id, item_name, qty, price_fen, price_unit, deposit_fen,
          pay_method, member_id, customer_name, customer_phone, expected_return_at, cashier_id, cashier_name, remark, request_id)
        select n.id, ${nid}, 'ZL' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') || lpad((n.id % 1000000)::text, 6, '0'),
          ${l.item_id}, ${l.item_name}, ${l.qty}, ${l.price_fen}, ${l.price_unit}, ${l.deposit_fen}, ${l.pay_method},
          ${l.member_id}, ${l.customer_name}, ${l.customer_phone}, ${l.expected_return_at}::timestamptz,
          ${l.cashier.id}, ${l.cashier.name}, ${l.remark}, ${l.request_id}
        from n returning id::int, lease_no`,
  );
  return r[0]!;
}

export interface LockedLease {
  id: number;
  lease_no: string;
  item_id: number;
  qty: number;
  price_fen: number;
  price_unit: 'hour' | 'use';
  deposit_fen: number;
  pay_method: LeasePayMethod;
  member_id: number | null;
  status: LeaseStatus;
  request_id: string;
  close_request_id: string | null;
  rented_ms: number;
  now_ms: number;
}

/** The store's lease, locked for update, with the rent time and the transaction's clock in epoch ms. */
export async function lockLease(tx: Conn, nid: number, id: number): Promise<LockedLease | undefined> {
  const r = await rows<LockedLease>(
    tx,
    sql`select id::int, lease_no, item_id, qty, price_fen::int, price_unit, deposit_fen::int, pay_method, member_id, status,
          request_id, close_request_id, (extract(epoch from rented_at) * 1000)::float8 as rented_ms,
          (extract(epoch from now()) * 1000)::float8 as now_ms
        from lease_orders where id = ${id} and netbar_id = ${nid} for update`,
  );
  return r[0];
}

export interface LeaseClose {
  status: 'returned' | 'lost';
  loss_kind: LeaseLossKind | null;
  minutes: number;
  fee_fen: number;
  refund_fen: number;
  extra_fen: number;
  extra_method: LeasePayMethod | null;
  /** 抹零 off the fee (decision 143); a loss keeps the deposit whole (0). */
  round_fen: number;
  closed_by: string;
  close_remark: string;
  close_request_id: string;
}

export async function closeLease(tx: Conn, id: number, c: LeaseClose): Promise<void> {
  await rows(
    tx,
    sql`update lease_orders set status = ${c.status}, loss_kind = ${c.loss_kind}, closed_at = now(), minutes = ${c.minutes},
          fee_fen = ${c.fee_fen}, refund_fen = ${c.refund_fen}, extra_fen = ${c.extra_fen}, extra_method = ${c.extra_method},
          round_fen = ${c.round_fen}, closed_by = ${c.closed_by}, close_remark = ${c.close_remark}, close_request_id = ${c.close_request_id}
        where id = ${id}`,
  );
}
