import type { RefundRequestListQuery, RefundRequestRow, RefundRequestStatus } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { paged } from '../../lib/paging.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { REQUEST_COLS, requestOut } from './trade.repo.ts';

/** The requests a caller sees: the payment company every store's, a store its own. */
function requestWhere(s: TenantScope): SQL {
  if (s.isAdmin || s.type === 6) return sql`true`;
  if ((s.type === 3 || s.type === 5) && s.netbarId) return sql`q.netbar_id = ${s.netbarId}`;
  return sql`false`;
}

export interface PaymentForRequest {
  id: number;
  payment_no: string;
  netbar_id: number;
  amount_fen: number;
  refunded_fen: number;
  status: string;
}

/** The store's own payment, locked (one request at a time per payment). */
export async function storePaymentLocked(c: Conn, s: TenantScope, no: string) {
  const r = await rows<PaymentForRequest>(
    c,
    sql`select id::float8 as id, payment_no, netbar_id, amount_fen::float8 as amount_fen,
          refunded_fen::float8 as refunded_fen, status
        from payments p where p.payment_no = ${no} and p.netbar_id = ${s.netbarId || -1} for update`,
  );
  const x = r[0];
  return (
    x && { ...x, id: Number(x.id), amount_fen: Number(x.amount_fen), refunded_fen: Number(x.refunded_fen) }
  );
}

export interface RequestRecord {
  id: number;
  payment_id: number;
  payment_no: string;
  netbar_id: number;
  amount_fen: number;
  reason: string;
  status: RefundRequestStatus;
  refund_no: string;
  request_id: string;
  decided_request_id: string;
}

const RECORD = sql`q.id::float8 as id, q.payment_id::float8 as payment_id, p.payment_no, q.netbar_id,
  q.amount_fen::float8 as amount_fen, q.reason, q.status, q.refund_no, q.request_id, q.decided_request_id`;
const record = (x: RequestRecord): RequestRecord => ({
  ...x,
  id: Number(x.id),
  payment_id: Number(x.payment_id),
  amount_fen: Number(x.amount_fen),
});

export async function requestByClientId(c: Conn, netbarId: number, requestId: string) {
  const r = await rows<RequestRecord>(
    c,
    sql`select ${RECORD} from payment_refund_requests q join payments p on p.id = q.payment_id
        where q.netbar_id = ${netbarId} and q.request_id = ${requestId}`,
  );
  return r[0] && record(r[0]);
}

export async function requestById(c: Conn, s: TenantScope, id: number) {
  const r = await rows<RequestRecord>(
    c,
    sql`select ${RECORD} from payment_refund_requests q join payments p on p.id = q.payment_id
        where q.id = ${id} and ${requestWhere(s)}`,
  );
  return r[0] && record(r[0]);
}

export async function pendingOf(c: Conn, paymentId: number) {
  const r = await rows<{ id: number }>(
    c,
    sql`select id from payment_refund_requests where payment_id = ${paymentId} and status = '待审核'`,
  );
  return r.length > 0;
}

export async function insertRequest(
  c: Conn,
  r: {
    payment_id: number;
    netbar_id: number;
    amount_fen: number;
    reason: string;
    request_id: string;
    user_id: number;
    user_name: string;
  },
) {
  const x = await rows<{ id: number }>(
    c,
    sql`insert into payment_refund_requests (payment_id, netbar_id, amount_fen, reason, request_id, requested_by,
          requested_by_name)
        values (${r.payment_id}, ${r.netbar_id}, ${r.amount_fen}, ${r.reason}, ${r.request_id}, ${r.user_id},
          ${r.user_name})
        returning id::float8 as id`,
  );
  return Number(x[0]!.id);
}

/** Marks a pending request refunded; false when it was no longer pending. */
export async function markRefunded(
  c: Conn,
  id: number,
  d: { refund_no: string; request_id: string; user_id: number },
) {
  const r = await rows(
    c,
    sql`update payment_refund_requests set status = '已退款', refund_no = ${d.refund_no},
          decided_request_id = ${d.request_id}, decided_by = ${d.user_id}, decided_at = now()
        where id = ${id} and status = '待审核' returning id`,
  );
  return r.length > 0;
}

export async function markRejected(c: Conn, id: number, reason: string, userId: number) {
  const r = await rows(
    c,
    sql`update payment_refund_requests set status = '已驳回', reject_reason = ${reason}, decided_by = ${userId},
          decided_at = now()
        where id = ${id} and status = '待审核' returning id`,
  );
  return r.length > 0;
}

export async function requestRow(c: Conn, id: number): Promise<RefundRequestRow> {
  const r = await rows<RefundRequestRow>(
    c,
    sql`select ${REQUEST_COLS} from payment_refund_requests q join payments p on p.id = q.payment_id
        left join netbars n on n.id = q.netbar_id where q.id = ${id}`,
  );
  return requestOut(r[0]!);
}

export async function listRequests(c: Conn, s: TenantScope, q: RefundRequestListQuery) {
  const where = [requestWhere(s)];
  if (q.status) where.push(sql`q.status = ${q.status}`);
  const page = { page: q.page ?? 1, page_size: q.page_size ?? 10 };
  const r = await paged<RefundRequestRow>(
    c,
    sql`select ${REQUEST_COLS}`,
    sql`from payment_refund_requests q join payments p on p.id = q.payment_id left join netbars n on n.id = q.netbar_id`,
    where,
    sql`q.created_at desc, q.id desc`,
    page,
    'q.amount_fen',
  );
  return { ...r, ...page, list: r.list.map(requestOut) };
}
