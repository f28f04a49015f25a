import {
  type RefundRequestRow,
  type TradeExportQuery,
  type TradeNotification,
  type TradeRefund,
  type TradeRow,
  type TradeTotals,
  yuanToFen,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import { afterTs, type Cursor, encodeCursor, microsOf } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/**
 * Which payments a caller of the console sees: the payment company and administrators every store's; a
 * store (a netbar or its staff) its current store's; anyone else none.
 */
export function tradeWhere(s: TenantScope): SQL {
  if (s.isAdmin || s.type === 6) return sql`true`;
  if ((s.type === 3 || s.type === 5) && s.netbarId) return sql`p.netbar_id = ${s.netbarId}`;
  return sql`false`;
}

function filterWhere(s: TenantScope, f: TradeExportQuery): SQL {
  const w: SQL[] = [tradeWhere(s)];
  if (f.payment_no) w.push(sql`p.payment_no = ${f.payment_no}`);
  if (f.txn_id) w.push(sql`p.provider_txn_id = ${f.txn_id}`);
  if (f.netbar_id) w.push(sql`p.netbar_id = ${f.netbar_id}`);
  if (f.method) w.push(sql`p.method = ${f.method}`);
  if (f.status) w.push(sql`p.status = ${f.status}`);
  w.push(...dayRange(sql`p.created_at`, f.start, f.end));
  if (f.min_amount) w.push(sql`p.amount_fen >= ${yuanToFen(f.min_amount)!}`);
  if (f.max_amount) w.push(sql`p.amount_fen <= ${yuanToFen(f.max_amount)!}`);
  if (f.request_status)
    w.push(
      sql`exists (select 1 from payment_refund_requests q where q.payment_id = p.id and q.status = ${f.request_status})`,
    );
  return sql.join(w, sql` and `);
}

const ROW_COLS = sql`p.id::float8 as id, p.payment_no, p.netbar_id, coalesce(n.name, '') as netbar_name, p.purpose,
  p.subject, p.amount_fen::float8 as amount_fen, p.refunded_fen::float8 as refunded_fen, p.method, p.provider,
  p.status, p.provider_txn_id, p.duplicate, ${fmtTs('p.paid_at')} as paid_at, ${fmtTs('p.created_at')} as created_at,
  coalesce((select q.status from payment_refund_requests q where q.payment_id = p.id order by q.id desc limit 1), '')
    as request_status`;

type Raw = TradeRow & { id: number; key: string };
const out = ({ id: _i, key: _k, ...r }: Raw): TradeRow => ({
  ...r,
  amount_fen: Number(r.amount_fen),
  refunded_fen: Number(r.refunded_fen),
});

/** One keyset page of the search, newest first; `next` is the cursor of the following page. */
export async function tradePage(
  c: Conn,
  s: TenantScope,
  f: TradeExportQuery,
  limit: number,
  cursor?: Cursor,
): Promise<{ list: TradeRow[]; next: string | null }> {
  const after = cursor ? sql`and ${afterTs(sql`p.created_at`, sql`p.id`, cursor)}` : sql``;
  const r = await rows<Raw>(
    c,
    sql`select ${ROW_COLS}, ${microsOf(sql`p.created_at`)} as key
        from payments p left join netbars n on n.id = p.netbar_id
        where ${filterWhere(s, f)} ${after}
        order by p.created_at desc, p.id desc limit ${limit}`,
  );
  const last = r[r.length - 1];
  return {
    list: r.map(out),
    next: r.length === limit && last ? encodeCursor(last.key, Number(last.id)) : null,
  };
}

/** Every payment of the filter, newest first, a page at a time along the keyset (the export). */
export async function* tradeRowsAll(c: Conn, s: TenantScope, f: TradeExportQuery, size = 1000) {
  let cursor: Cursor | undefined;
  for (;;) {
    const p = await tradePage(c, s, f, size, cursor);
    yield* p.list;
    if (!p.next) return;
    const [key, id] = p.next.split('_');
    cursor = { key: key!, id: id! };
  }
}

/** Count and 合计 of the whole filter. */
export async function tradeTotals(c: Conn, s: TenantScope, f: TradeExportQuery): Promise<TradeTotals> {
  const r = await rows<{ count: number; amount: string; refunded: string }>(
    c,
    sql`select count(*)::int as count, coalesce(sum(p.amount_fen), 0)::text as amount,
          coalesce(sum(p.refunded_fen), 0)::text as refunded
        from payments p where ${filterWhere(s, f)}`,
  );
  return {
    count: Number(r[0]?.count ?? 0),
    amount_fen: Number(r[0]?.amount ?? 0),
    refunded_fen: Number(r[0]?.refunded ?? 0),
  };
}

/** One payment the caller may see, with the columns the detail adds. */
export async function tradeOne(c: Conn, s: TenantScope, no: string) {
  const r = await rows<Raw & { purpose_ref: string; expires_at: string }>(
    c,
    sql`select ${ROW_COLS}, '0' as key, p.purpose_ref, ${fmtTs('p.expires_at')} as expires_at
        from payments p left join netbars n on n.id = p.netbar_id
        where p.payment_no = ${no} and ${tradeWhere(s)}`,
  );
  const x = r[0];
  return x && { ...out(x), purpose_ref: x.purpose_ref, expires_at: x.expires_at, id: Number(x.id) };
}

export async function notificationsOf(c: Conn, no: string): Promise<TradeNotification[]> {
  const r = await rows<TradeNotification>(
    c,
    sql`select ${fmtTs('received_at')} as received_at, outcome, verified, reason, provider_txn_id,
          amount_fen::float8 as amount_fen, ip
        from payment_notifications where payment_no = ${no} order by id limit 50`,
  );
  return r.map((x) => ({ ...x, amount_fen: x.amount_fen == null ? null : Number(x.amount_fen) }));
}

export async function refundsOf(c: Conn, paymentId: number): Promise<TradeRefund[]> {
  const r = await rows<TradeRefund>(
    c,
    sql`select refund_no, amount_fen::float8 as amount_fen, status, reason, automatic, provider_refund_id,
          ${fmtTs('created_at')} as created_at, ${fmtTs('done_at')} as done_at
        from payment_refunds where payment_id = ${paymentId} order by id`,
  );
  return r.map((x) => ({ ...x, amount_fen: Number(x.amount_fen) }));
}

export const REQUEST_COLS = sql`q.id::float8 as id, p.payment_no, q.netbar_id, coalesce(n.name, '') as netbar_name,
  p.amount_fen::float8 as payment_amount_fen, q.amount_fen::float8 as amount_fen, q.reason, q.status,
  q.reject_reason, q.refund_no, q.requested_by_name, ${fmtTs('q.created_at')} as created_at,
  ${fmtTs('q.decided_at')} as decided_at`;

export const requestOut = (x: RefundRequestRow): RefundRequestRow => ({
  ...x,
  id: Number(x.id),
  payment_amount_fen: Number(x.payment_amount_fen),
  amount_fen: Number(x.amount_fen),
});

export async function requestsOfPayment(c: Conn, paymentId: number): Promise<RefundRequestRow[]> {
  const r = await rows<RefundRequestRow>(
    c,
    sql`select ${REQUEST_COLS} from payment_refund_requests q join payments p on p.id = q.payment_id
        left join netbars n on n.id = q.netbar_id where q.payment_id = ${paymentId} order by q.id desc`,
  );
  return r.map(requestOut);
}

/** The stores that have payments (the console's store filter). */
export async function tradeStores(c: Conn) {
  const r = await rows<{ id: number; name: string }>(
    c,
    sql`select n.id, n.name from netbars n where exists (select 1 from payments p where p.netbar_id = n.id)
        order by n.id`,
  );
  return r.map((x) => ({ id: Number(x.id), name: x.name }));
}
