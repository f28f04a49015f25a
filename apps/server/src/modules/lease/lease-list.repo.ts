import type {
  LeaseOrderQuery,
  LeaseOrderRow,
  LeaseOrderTotals,
  LeaseStockRow,
  LeaseTillRow,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import { exportLimits } from '../../lib/xlsx-stream.ts';
import { LEASE_COLS, LEASE_FROM } from './lease-order.repo.ts';

/** The lease order list (/order/lease_order_list 263): filters, page, totals and the export's rows. */

function whereOf(nid: number, q: LeaseOrderQuery): SQL {
  const w: SQL[] = [sql`o.netbar_id = ${nid}`, ...dayRange(sql`o.rented_at`, q.date_from, q.date_to)];
  // 租用中 is every rental still out (the overdue ones highlighted); 已逾期 only those past their return
  if (q.status === 'overdue') w.push(sql`o.status = 'renting' and o.expected_return_at < now()`);
  else if (q.status) w.push(sql`o.status = ${q.status}`);
  if (q.item_id) w.push(sql`o.item_id = ${q.item_id}`);
  if (q.member_id) w.push(sql`o.member_id = ${q.member_id}`);
  if (q.cashier_id) w.push(sql`o.cashier_id = ${q.cashier_id}`);
  if (q.keyword) {
    const k = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    w.push(sql`(o.lease_no ilike ${k} or o.customer_name ilike ${k} or o.customer_phone like ${k})`);
  }
  return sql.join(w, sql` and `);
}

export async function listLeases(
  db: Conn,
  nid: number,
  q: LeaseOrderQuery,
  all = false,
): Promise<{ list: LeaseOrderRow[]; count: number; totals: LeaseOrderTotals }> {
  const where = whereOf(nid, q);
  const [list, tot] = await Promise.all([
    rows<LeaseOrderRow>(
      db,
      sql`select ${LEASE_COLS} ${LEASE_FROM} where ${where} order by o.rented_at desc, o.id desc
          ${all ? sql`limit ${exportLimits.rows + 1}` : pageSql(q)}`,
    ),
    rows<LeaseOrderTotals & { n: number }>(
      db,
      sql`select count(*)::int as n, coalesce(sum(o.qty), 0)::float8 as qty, coalesce(sum(o.deposit_fen), 0)::float8 as deposit_fen,
            coalesce(sum(o.fee_fen), 0)::float8 as fee_fen, coalesce(sum(o.refund_fen), 0)::float8 as refund_fen
          from lease_orders o where ${where}`,
    ),
  ]);
  const t = tot[0]!;
  return {
    list,
    count: Number(t.n),
    totals: {
      qty: Number(t.qty),
      deposit_fen: Number(t.deposit_fen),
      fee_fen: Number(t.fee_fen),
      refund_fen: Number(t.refund_fen),
    },
  };
}

/** The lease's till rows: the rent request's and the close request's (by their request ids, indexed). */
export async function leaseTill(db: Conn, nid: number, requestIds: string[]): Promise<LeaseTillRow[]> {
  if (!requestIds.length) return [];
  return rows<LeaseTillRow>(
    db,
    sql`select t.kind, t.method, t.amount_fen::int, s.shift_no, t.user_name, ${fmtTs('t.at')} as at
        from till_ledger t join shifts s on s.id = t.shift_id
        where t.netbar_id = ${nid} and t.request_id in (${sql.join(
          requestIds.map((r) => sql`${r}`),
          sql`, `,
        )}) order by t.id`,
  );
}

export async function leaseStockRows(db: Conn, nid: number, leaseId: number): Promise<LeaseStockRow[]> {
  return rows<LeaseStockRow>(
    db,
    sql`select l.id::int, l.kind, l.hand_delta, l.hand_after, l.out_delta, l.out_after, o.lease_no, l.reason,
          l.user_name, ${fmtTs('l.at')} as at
        from lease_stock_ledger l join lease_orders o on o.id = l.lease_id
        where l.lease_id = ${leaseId} and l.netbar_id = ${nid} order by l.id`,
  );
}

export async function leaseRequests(db: Conn, nid: number, id: number) {
  const r = await rows<{ request_id: string; close_request_id: string | null; close_remark: string }>(
    db,
    sql`select request_id, close_request_id, close_remark from lease_orders where id = ${id} and netbar_id = ${nid}`,
  );
  return r[0];
}
