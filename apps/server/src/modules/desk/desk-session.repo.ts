import type { DeskSessionStatus } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Desk sessions: a table opened at the counter, its goods orders, its settlement (decision 130). */

export interface SessionRecord {
  id: number;
  session_no: string;
  desk_id: number;
  desk_name: string;
  booking_id: number | null;
  member_id: number | null;
  member_name: string;
  customer_name: string;
  mobile: string;
  status: DeskSessionStatus;
  hourly_fen: number;
  min_spend_fen: number;
  opened_at: string;
  /** Seconds since it was opened (open) or that it lasted (closed), on the database clock. */
  elapsed_s: number;
  settle_request_id: string | null;
  /** The settled figures (0 while open). */
  minutes: number;
  time_fee_fen: number;
  min_topup_fen: number;
  goods_fen: number;
  total_fen: number;
  /** 抹零 of a cash settlement (decision 143). */
  round_fen: number;
}

const COLS = sql`x.id::int as id, x.session_no, x.desk_id, d.name as desk_name, x.booking_id::int as booking_id,
  x.member_id, x.member_name, x.customer_name, x.mobile, x.status, x.hourly_fen, x.min_spend_fen,
  ${fmtTs('x.opened_at')} as opened_at,
  extract(epoch from coalesce(x.closed_at, now()) - x.opened_at)::float8 as elapsed_s, x.settle_request_id,
  x.minutes, x.time_fee_fen::float8 as time_fee_fen, x.min_topup_fen::float8 as min_topup_fen,
  x.goods_fen::float8 as goods_fen, x.total_fen::float8 as total_fen, x.round_fen::float8 as round_fen`;

export async function findSession(db: Conn, s: TenantScope, id: number, lock = false) {
  const r = await rows<SessionRecord>(
    db,
    sql`select ${COLS} from desk_sessions x join desks d on d.id = x.desk_id
        where x.id = ${id} and x.netbar_id = ${s.netbarId} ${lock ? sql`for update of x` : sql``}`,
  );
  return r[0];
}

export async function sessionByRequest(db: Conn, s: TenantScope, requestId: string) {
  const r = await rows<{ id: number }>(
    db,
    sql`select id::int as id from desk_sessions where netbar_id = ${s.netbarId} and request_id = ${requestId}`,
  );
  return r[0]?.id;
}

export async function sessionBySettleRequest(db: Conn, s: TenantScope, requestId: string) {
  const r = await rows<{ id: number }>(
    db,
    sql`select id::int as id from desk_sessions where netbar_id = ${s.netbarId} and settle_request_id = ${requestId}`,
  );
  return r[0]?.id;
}

export async function openSessionOf(tx: Conn, s: TenantScope, deskId: number) {
  const r = await rows<{ id: number; session_no: string }>(
    tx,
    sql`select id::int as id, session_no from desk_sessions
        where netbar_id = ${s.netbarId} and desk_id = ${deskId} and status = 'open'`,
  );
  return r[0];
}

export interface NewSession {
  deskId: number;
  bookingId: number | null;
  memberId: number | null;
  memberName: string;
  customerName: string;
  mobile: string;
  guests: number;
  hourlyFen: number;
  minSpendFen: number;
  actor: { id: number; name: string };
  remark: string;
  requestId: string;
}

export async function insertSession(tx: Conn, s: TenantScope, v: NewSession): Promise<number> {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into desk_sessions (netbar_id, session_no, desk_id, booking_id, member_id, member_name, customer_name,
          mobile, guests, hourly_fen, min_spend_fen, opened_by_id, opened_by, cashier_id, cashier_name, remark, request_id)
        values (${s.netbarId},
                'ZT' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MISS') || lpad((nextval('desk_sessions_id_seq') % 100000)::text, 5, '0'),
                ${v.deskId}, ${v.bookingId}, ${v.memberId}, ${v.memberName}, ${v.customerName}, ${v.mobile}, ${v.guests},
                ${v.hourlyFen}, ${v.minSpendFen}, ${v.actor.id}, ${v.actor.name}, ${v.actor.id}, ${v.actor.name},
                ${v.remark}, ${v.requestId})
        returning id::int as id`,
  );
  return r[0]!.id;
}

/** The goods orders of a session (orders module, source 'table') with what each still owes. */
export async function sessionOrders(db: Conn, s: TenantScope, sessionId: number) {
  return rows<{
    id: number;
    order_no: string;
    status: string;
    total_fen: number;
    paid_fen: number;
    refunded_fen: number;
  }>(
    db,
    sql`select o.id::int as id, o.order_no, o.status, o.total_fen::float8 as total_fen, o.paid_fen::float8 as paid_fen,
          o.refunded_fen::float8 as refunded_fen
        from desk_session_orders l join orders o on o.id = l.order_id
        where l.session_id = ${sessionId} and l.netbar_id = ${s.netbarId} and o.netbar_id = ${s.netbarId}
        order by o.id`,
  );
}

export async function linkOrder(tx: Conn, s: TenantScope, sessionId: number, orderId: number) {
  await rows(
    tx,
    sql`insert into desk_session_orders (session_id, order_id, netbar_id) values (${sessionId}, ${orderId}, ${s.netbarId})`,
  );
}

export interface Settlement {
  minutes: number;
  time_fee_fen: number;
  min_topup_fen: number;
  goods_fen: number;
  total_fen: number;
  round_fen: number;
  pay_method: string;
  shift_id: number | null;
  request_id: string;
  actor: { id: number; name: string };
  remark?: string;
}

/** Closes an open session as settled; false when it is not open any more. */
export async function markSettled(tx: Conn, s: TenantScope, id: number, v: Settlement): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`update desk_sessions set status = 'settled', closed_at = now(), minutes = ${v.minutes},
          time_fee_fen = ${v.time_fee_fen}, min_topup_fen = ${v.min_topup_fen}, goods_fen = ${v.goods_fen},
          total_fen = ${v.total_fen}, round_fen = ${v.round_fen}, pay_method = ${v.pay_method}, shift_id = ${v.shift_id},
          settle_request_id = ${v.request_id}, cashier_id = ${v.actor.id}, cashier_name = ${v.actor.name},
          remark = case when ${v.remark ?? ''} = '' then remark else ${v.remark ?? ''} end
        where id = ${id} and netbar_id = ${s.netbarId} and status = 'open'
        returning id`,
  );
  return r.length > 0;
}

export async function markCancelled(
  tx: Conn,
  s: TenantScope,
  id: number,
  v: { reason: string; actor: { id: number; name: string } },
): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`update desk_sessions set status = 'cancelled', closed_at = now(), cancel_reason = ${v.reason},
          cashier_id = ${v.actor.id}, cashier_name = ${v.actor.name}
        where id = ${id} and netbar_id = ${s.netbarId} and status = 'open'
        returning id`,
  );
  return r.length > 0;
}

/** The goods order a table-goods request created (a retry answers it). */
export async function linkedOrderByRequest(db: Conn, s: TenantScope, requestId: string) {
  const r = await rows<{ order_id: number; order_no: string; total_fen: number }>(
    db,
    sql`select o.id::int as order_id, o.order_no, o.total_fen::float8 as total_fen
        from orders o join desk_session_orders l on l.order_id = o.id
        where o.netbar_id = ${s.netbarId} and o.request_id = ${requestId}`,
  );
  return r[0];
}
