import type { DeskBoardRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/**
 * The counter's board: every desk of the store with its open session (and the goods ordered to it so
 * far) and its next booking still to come. 已预订 when a booking runs now or starts within the hour.
 */
export async function deskBoard(db: Conn, s: TenantScope): Promise<DeskBoardRow[]> {
  return rows<DeskBoardRow>(
    db,
    sql`select d.id, d.name, d.kind, d.area, d.capacity, d.hourly_fen, d.min_spend_fen, d.enabled, d.remark,
          ${fmtTs('d.created_at')} as created_at,
          case when not d.enabled then 'disabled' when x.id is not null then 'in_use'
               when b.id is not null and b.start_at <= now() + interval '1 hour' then 'booked' else 'free' end as state,
          case when x.id is null then null else json_build_object(
            'id', x.id, 'session_no', x.session_no, 'opened_at', ${fmtTs('x.opened_at')},
            'customer', case when x.customer_name <> '' then x.customer_name else x.mobile end,
            'goods_fen', coalesce((select sum(o.total_fen - o.refunded_fen) from desk_session_orders l
                                   join orders o on o.id = l.order_id
                                   where l.session_id = x.id and o.status <> 'cancelled'), 0)::float8) end as session,
          case when b.id is null then null else json_build_object(
            'id', b.id, 'start_at', ${fmtTs('b.start_at')}, 'end_at', ${fmtTs('b.end_at')},
            'customer', case when b.customer_name <> '' then b.customer_name else b.mobile end) end as next_booking
        from desks d
        left join desk_sessions x on x.desk_id = d.id and x.status = 'open'
        left join lateral (select * from desk_bookings k where k.desk_id = d.id and k.status = 'booked' and k.end_at > now()
                           order by k.start_at limit 1) b on true
        where d.netbar_id = ${s.netbarId} and not d.deleted
        order by d.kind, d.name, d.id`,
  );
}
