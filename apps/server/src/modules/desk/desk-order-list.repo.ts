import type {
  DeskGoodsOrder,
  DeskOrderListQuery,
  DeskOrderRow,
  DeskOrderTotals,
  DeskPayment,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import { afterTs, type Cursor, countUpTo, microsOf, pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** The table orders (/order/desk_order_list 265): desk sessions of the store, newest first. */

const FROM = sql`from desk_sessions x join desks d on d.id = x.desk_id`;
const COLS = sql`x.id::int as id, x.session_no, x.desk_id, d.name as desk_name, d.kind as desk_kind,
  x.booking_id::int as booking_id, x.member_id, x.member_name, x.customer_name, x.mobile, x.guests, x.status,
  ${fmtTs('x.opened_at')} as opened_at, coalesce(${fmtTs('x.closed_at')}, '') as closed_at, x.minutes,
  x.time_fee_fen::float8 as time_fee_fen, x.min_topup_fen::float8 as min_topup_fen, x.goods_fen::float8 as goods_fen,
  x.total_fen::float8 as total_fen, x.round_fen::float8 as round_fen, x.pay_method, x.cashier_id, x.cashier_name, x.remark`;

function whereOf(s: TenantScope, q: Omit<DeskOrderListQuery, 'page' | 'page_size'>): SQL {
  const w: SQL[] = [sql`x.netbar_id = ${s.netbarId}`, ...dayRange(sql`x.opened_at`, q.start, q.end)];
  if (q.desk_id) w.push(sql`x.desk_id = ${q.desk_id}`);
  if (q.status) w.push(sql`x.status = ${q.status}`);
  if (q.cashier_id) w.push(sql`x.cashier_id = ${q.cashier_id}`);
  return sql.join(w, sql` and `);
}

/** One page and the sums of every row the filter matches (the screen's 合计 = the export's). */
export async function listDeskOrders(db: Conn, s: TenantScope, q: DeskOrderListQuery) {
  const w = whereOf(s, q);
  const [list, tot] = await Promise.all([
    rows<DeskOrderRow>(
      db,
      sql`select ${COLS} ${FROM} where ${w} order by x.opened_at desc, x.id desc ${pageSql(q)}`,
    ),
    rows<DeskOrderTotals & { n: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(x.time_fee_fen), 0)::float8 as time_fee_fen,
            coalesce(sum(x.min_topup_fen), 0)::float8 as min_topup_fen, coalesce(sum(x.goods_fen), 0)::float8 as goods_fen,
            coalesce(sum(x.total_fen), 0)::float8 as total_fen, coalesce(sum(x.round_fen), 0)::float8 as round_fen
          ${FROM} where ${w}`,
    ),
  ]);
  const { n, ...totals } = tot[0]!;
  return { list, count: n, totals };
}

export const deskOrdersUpTo = (db: Conn, s: TenantScope, q: DeskOrderListQuery, cap: number) =>
  countUpTo(db, FROM, whereOf(s, q), cap);

/** Every row of the filter in the list's order, read 2000 at a time along (opened_at, id) (exports). */
export async function* deskOrderRows(db: Conn, s: TenantScope, q: DeskOrderListQuery) {
  const w = whereOf(s, q);
  let after: Cursor | undefined;
  for (;;) {
    const page = await rows<DeskOrderRow & { k: string }>(
      db,
      sql`select ${COLS}, ${microsOf(sql`x.opened_at`)} as k ${FROM}
          where ${w} ${after ? sql`and ${afterTs(sql`x.opened_at`, sql`x.id`, after)}` : sql``}
          order by x.opened_at desc, x.id desc limit 2000`,
    );
    for (const { k: _k, ...r } of page) yield r as DeskOrderRow;
    if (page.length < 2000) return;
    const last = page[page.length - 1]!;
    after = { key: last.k, id: String(last.id) };
  }
}

export async function findDeskOrder(db: Conn, s: TenantScope, id: number) {
  const r = await rows<DeskOrderRow & { cancel_reason: string }>(
    db,
    sql`select ${COLS}, x.cancel_reason ${FROM} where x.id = ${id} and x.netbar_id = ${s.netbarId}`,
  );
  return r[0];
}

/** The goods orders of a session with their lines. */
export async function goodsOf(db: Conn, s: TenantScope, sessionId: number): Promise<DeskGoodsOrder[]> {
  return rows<DeskGoodsOrder>(
    db,
    sql`select o.id::int as order_id, o.order_no, o.status, o.total_fen::float8 as total_fen,
          ${fmtTs('o.created_at')} as created_at,
          coalesce((select json_agg(json_build_object('name', ol.name, 'qty', ol.qty, 'unit_fen', ol.unit_fen,
                                                      'total_fen', ol.total_fen) order by ol.id)
                    from order_lines ol where ol.order_id = o.id), '[]'::json) as lines
        from desk_session_orders l join orders o on o.id = l.order_id
        where l.session_id = ${sessionId} and l.netbar_id = ${s.netbarId} and o.netbar_id = ${s.netbarId}
        order by o.id`,
  );
}

/** The till rows of a session: its desk fee and the payments and refunds of its goods orders. */
export async function paymentsOf(db: Conn, s: TenantScope, sessionId: number, sessionNo: string) {
  return rows<DeskPayment>(
    db,
    sql`select t.kind, t.method, t.amount_fen::float8 as amount_fen, ${fmtTs('t.at')} as at, t.user_name
        from till_ledger t
        where t.netbar_id = ${s.netbarId}
          and ((t.ref_type = 'desk' and t.ref_no = ${sessionNo})
               or t.order_id in (select order_id from desk_session_orders where session_id = ${sessionId}))
        order by t.id`,
  );
}
