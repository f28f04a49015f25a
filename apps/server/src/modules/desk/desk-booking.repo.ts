import { DESK_LIMITS, type DeskBookingListQuery, type DeskBookingRow } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayStart, nextDay } from '../../lib/day-bounds.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Bookings of desks by time slot (decision 130). */

const COLS = sql`b.id::int as id, b.desk_id, d.name as desk_name, b.member_id, b.member_name, b.customer_name, b.mobile,
  ${fmtTs('b.start_at')} as start_at, ${fmtTs('b.end_at')} as end_at, b.status, b.remark, b.created_by,
  ${fmtTs('b.created_at')} as created_at`;

/**
 * Releases the store's bookings nobody came for: still 'booked' DESK_LIMITS.noShowMinutes after their
 * start, they become 未到店 (no_show) and free their slot. Runs before every read and write of bookings.
 */
export async function releaseNoShows(db: Conn, nid: number): Promise<number> {
  const r = await rows<{ id: number }>(
    db,
    sql`update desk_bookings set status = 'no_show', ended_at = now()
        where netbar_id = ${nid} and status = 'booked'
          and start_at <= now() - make_interval(mins => ${DESK_LIMITS.noShowMinutes})
        returning id`,
  );
  return r.length;
}

/** A 'booked' booking of the desk whose slot overlaps [start, end), if any (the desk row is locked). */
export async function overlapping(
  tx: Conn,
  s: TenantScope,
  deskId: number,
  start: string,
  end: string,
  except?: number,
) {
  const r = await rows<{ id: number; start_at: string; end_at: string }>(
    tx,
    sql`select id::int as id, ${fmtTs('start_at')} as start_at, ${fmtTs('end_at')} as end_at from desk_bookings
        where netbar_id = ${s.netbarId} and desk_id = ${deskId} and status = 'booked'
          and start_at < ${end}::timestamptz and end_at > ${start}::timestamptz
          and id <> ${except ?? 0}
        order by start_at limit 1`,
  );
  return r[0];
}

export interface NewBooking {
  deskId: number;
  memberId: number | null;
  memberName: string;
  customerName: string;
  mobile: string;
  start: string;
  end: string;
  remark: string;
  createdBy: string;
  requestId: string;
}

export async function insertBooking(tx: Conn, s: TenantScope, v: NewBooking): Promise<number> {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into desk_bookings (netbar_id, desk_id, member_id, member_name, customer_name, mobile, start_at, end_at,
          remark, created_by, request_id)
        values (${s.netbarId}, ${v.deskId}, ${v.memberId}, ${v.memberName}, ${v.customerName}, ${v.mobile},
                ${v.start}::timestamptz, ${v.end}::timestamptz, ${v.remark}, ${v.createdBy}, ${v.requestId})
        returning id::int as id`,
  );
  return r[0]!.id;
}

export async function findBooking(db: Conn, s: TenantScope, id: number): Promise<DeskBookingRow | undefined> {
  const r = await rows<DeskBookingRow>(
    db,
    sql`select ${COLS} from desk_bookings b join desks d on d.id = b.desk_id
        where b.id = ${id} and b.netbar_id = ${s.netbarId}`,
  );
  return r[0];
}

export async function bookingByRequest(db: Conn, s: TenantScope, requestId: string) {
  const r = await rows<DeskBookingRow>(
    db,
    sql`select ${COLS} from desk_bookings b join desks d on d.id = b.desk_id
        where b.netbar_id = ${s.netbarId} and b.request_id = ${requestId}`,
  );
  return r[0];
}

/** Ends a 'booked' booking (cancelled, no_show or seated); undefined when it is not booked any more. */
export async function endBooking(
  tx: Conn,
  s: TenantScope,
  id: number,
  status: 'cancelled' | 'no_show' | 'seated',
  reason = '',
) {
  const r = await rows<{ id: number; desk_id: number }>(
    tx,
    sql`update desk_bookings set status = ${status}, ended_at = now(), cancel_reason = ${reason}
        where id = ${id} and netbar_id = ${s.netbarId} and status = 'booked'
        returning id::int as id, desk_id`,
  );
  return r[0];
}

export async function listBookings(db: Conn, s: TenantScope, q: DeskBookingListQuery | undefined) {
  const where: SQL[] = [sql`b.netbar_id = ${s.netbarId}`];
  if (q?.date)
    where.push(
      sql`b.start_at < ${dayStart(nextDay(q.date))}::timestamptz and b.end_at > ${dayStart(q.date)}::timestamptz`,
    );
  if (q?.desk_id) where.push(sql`b.desk_id = ${q.desk_id}`);
  if (q?.status) where.push(sql`b.status = ${q.status}`);
  const w = sql.join(where, sql` and `);
  const [list, c] = await Promise.all([
    rows<DeskBookingRow>(
      db,
      sql`select ${COLS} from desk_bookings b join desks d on d.id = b.desk_id where ${w}
          order by b.start_at desc, b.id desc ${pageSql(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from desk_bookings b where ${w}`),
  ]);
  return { list, count: c[0]?.n ?? 0 };
}

/** Another 'booked' booking of the desk whose slot runs now (opening the desk would take it). */
export async function coveringBooking(tx: Conn, s: TenantScope, deskId: number, except?: number) {
  const r = await rows<{ id: number; customer: string }>(
    tx,
    sql`select id::int as id, case when customer_name <> '' then customer_name else mobile end as customer
        from desk_bookings
        where netbar_id = ${s.netbarId} and desk_id = ${deskId} and status = 'booked'
          and start_at <= now() and end_at > now() and id <> ${except ?? 0}
        limit 1`,
  );
  return r[0];
}
