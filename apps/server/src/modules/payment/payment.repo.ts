import type { PaymentRow, PaymentStatus } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { paged } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** A payment as the service works with it (numbers, Dates). */
export interface PaymentRecord {
  id: number;
  payment_no: string;
  netbar_id: number;
  purpose: PaymentRow['purpose'];
  purpose_ref: string;
  subject: string;
  amount_fen: number;
  refunded_fen: number;
  method: PaymentRow['method'];
  provider: string;
  status: PaymentStatus;
  provider_txn_id: string | null;
  qr_payload: string;
  cashier_url: string;
  duplicate: boolean;
  paid_at: Date | null;
  expires_at: Date;
  created_at: Date;
  request_id: string;
}

const recordCols = sql`p.id::int as id, p.payment_no, p.netbar_id, p.purpose, p.purpose_ref, p.subject,
  p.amount_fen::float8 as amount_fen, p.refunded_fen::float8 as refunded_fen, p.method, p.provider, p.status,
  p.provider_txn_id, p.qr_payload, p.cashier_url, p.duplicate, p.paid_at, p.expires_at, p.created_at, p.request_id`;

const rowCols = sql`p.payment_no, p.netbar_id, p.purpose, p.purpose_ref, p.subject,
  p.amount_fen::float8 as amount_fen, p.refunded_fen::float8 as refunded_fen, p.method, p.provider, p.status,
  p.provider_txn_id, p.qr_payload, p.duplicate, ${fmtTs('p.paid_at')} as paid_at,
  ${fmtTs('p.expires_at')} as expires_at, ${fmtTs('p.created_at')} as created_at`;

/** A timestamp column as a Date (raw SQL answers text on some drivers). */
export const asDate = (v: Date | string | null): Date | null => (v === null ? null : new Date(v));

const num = <T extends { amount_fen: number; refunded_fen: number }>(r: T): T => ({
  ...r,
  amount_fen: Number(r.amount_fen),
  refunded_fen: Number(r.refunded_fen),
});

const record = (r: PaymentRecord): PaymentRecord => ({
  ...num(r),
  paid_at: asDate(r.paid_at),
  expires_at: asDate(r.expires_at)!,
  created_at: asDate(r.created_at)!,
});

/**
 * Which payments a caller sees: a store its own (the current store of a netbar or its staff); the
 * payment company and administrators every store's.
 */
export function paymentWhere(s: TenantScope): SQL {
  if (s.isAdmin || s.type === 6) return sql`true`;
  if (s.type === 3 || s.type === 5) return sql`p.netbar_id = ${s.netbarId}`;
  return sql`false`;
}

export interface NewPayment {
  payment_no: string;
  netbar_id: number;
  purpose: string;
  purpose_ref: string;
  subject: string;
  amount_fen: number;
  method: string;
  provider: string;
  expires_at: Date;
  request_id: string;
  created_by: number;
}

/** Inserts a payment; undefined when the store already used this request id (the caller reads that one). */
export async function insertPayment(c: Conn, p: NewPayment): Promise<PaymentRecord | undefined> {
  const r = await rows<PaymentRecord>(
    c,
    sql`insert into payments as p (payment_no, netbar_id, purpose, purpose_ref, subject, amount_fen, method,
          provider, expires_at, request_id, created_by)
        values (${p.payment_no}, ${p.netbar_id}, ${p.purpose}, ${p.purpose_ref}, ${p.subject}, ${p.amount_fen},
          ${p.method}, ${p.provider}, ${p.expires_at.toISOString()}::timestamptz, ${p.request_id}, ${p.created_by})
        on conflict (netbar_id, request_id) do nothing
        returning ${recordCols}`,
  );
  return r[0] && record(r[0]);
}

export async function paymentByRequest(c: Conn, netbarId: number, requestId: string) {
  const r = await rows<PaymentRecord>(
    c,
    sql`select ${recordCols} from payments p where p.netbar_id = ${netbarId} and p.request_id = ${requestId}`,
  );
  return r[0] && record(r[0]);
}

/** A payment the caller may see, by number. */
export async function paymentOf(c: Conn, s: TenantScope, no: string, lock = false) {
  const r = await rows<PaymentRecord>(
    c,
    sql`select ${recordCols} from payments p where p.payment_no = ${no} and ${paymentWhere(s)}
        ${lock ? sql`for update` : sql``}`,
  );
  return r[0] && record(r[0]);
}

/** A payment by number for the system (notifications, jobs): no tenant, locked when asked. */
export async function paymentByNo(c: Conn, no: string, lock = false) {
  const r = await rows<PaymentRecord>(
    c,
    sql`select ${recordCols} from payments p where p.payment_no = ${no} ${lock ? sql`for update` : sql``}`,
  );
  return r[0] && record(r[0]);
}

export async function setPaymentCodes(c: Conn, id: number, qr: string, cashierUrl: string) {
  await rows(
    c,
    sql`update payments set qr_payload = ${qr}, cashier_url = ${cashierUrl}, updated_at = now() where id = ${id}`,
  );
}

export async function markPaid(c: Conn, id: number, txnId: string, paidAt: Date, duplicate: boolean) {
  await rows(
    c,
    sql`update payments set status = '已支付', provider_txn_id = ${txnId}, paid_at = ${paidAt.toISOString()}::timestamptz,
          duplicate = ${duplicate}, closed_at = null, updated_at = now()
        where id = ${id}`,
  );
}

export async function markClosed(c: Conn, id: number) {
  await rows(
    c,
    sql`update payments set status = '已关闭', closed_at = now(), updated_at = now() where id = ${id} and status = '待支付'`,
  );
}

/** Another payment of the same purpose already settled it (not a duplicate itself). */
export async function settledOfPurpose(c: Conn, purpose: string, ref: string, exceptId: number) {
  const r = await rows<{ payment_no: string }>(
    c,
    sql`select payment_no from payments
        where purpose = ${purpose} and purpose_ref = ${ref} and paid_at is not null and not duplicate and id <> ${exceptId}`,
  );
  return r[0]?.payment_no;
}

/**
 * Serializes the settlement of one purpose (two payments of the same order paid at once). A statement of
 * its own: the read after it takes a new snapshot and sees what the lock's previous holder committed.
 */
export async function lockPurpose(c: Conn, purpose: string, ref: string) {
  await rows(c, sql`select pg_advisory_xact_lock(hashtext(${`payment:${purpose}:${ref}`}))`);
}

/** Records a notification's nonce; false when it was seen before (a replay). */
export async function claimNonce(c: Conn, provider: string, nonce: string): Promise<boolean> {
  const r = await rows<{ nonce: string }>(
    c,
    sql`insert into payment_notify_nonces (provider, nonce) values (${provider}, ${nonce})
        on conflict do nothing returning nonce`,
  );
  return r.length > 0;
}

export interface NotificationLog {
  provider: string;
  payment_no?: string | null;
  provider_txn_id?: string | null;
  nonce?: string;
  sent_at?: Date | null;
  amount_fen?: number | null;
  verified: boolean;
  outcome: 'settled' | 'repeated' | 'duplicate' | 'refused';
  reason?: string;
  body: string;
  ip: string;
}

export async function logNotification(c: Conn, n: NotificationLog) {
  await rows(
    c,
    sql`insert into payment_notifications (provider, payment_no, provider_txn_id, nonce, sent_at, amount_fen,
          verified, outcome, reason, body, ip)
        values (${n.provider}, ${n.payment_no ?? null}, ${n.provider_txn_id ?? null}, ${n.nonce ?? ''},
          ${n.sent_at ? n.sent_at.toISOString() : null}::timestamptz, ${n.amount_fen ?? null}, ${n.verified},
          ${n.outcome}, ${(n.reason ?? '').slice(0, 200)}, ${n.body.slice(0, 4000)}, ${n.ip.slice(0, 64)})`,
  );
}

export async function listPayments(
  c: Conn,
  s: TenantScope,
  q: { page: number; page_size: number; status?: PaymentStatus },
) {
  const where = [paymentWhere(s)];
  if (q.status) where.push(sql`p.status = ${q.status}`);
  const r = await paged<PaymentRow>(
    c,
    sql`select ${rowCols}`,
    sql`from payments p`,
    where,
    sql`p.created_at desc, p.id desc`,
    q,
    'p.amount_fen',
  );
  return { ...r, list: r.list.map(num) };
}

/** The row a caller reads. */
export function toRow(p: PaymentRecord): PaymentRow {
  const fmt = (d: Date | null) =>
    d ? new Date(d.getTime() + 8 * 3600_000).toISOString().replace('T', ' ').slice(0, 19) : null;
  return {
    payment_no: p.payment_no,
    netbar_id: p.netbar_id,
    purpose: p.purpose,
    purpose_ref: p.purpose_ref,
    subject: p.subject,
    amount_fen: p.amount_fen,
    refunded_fen: p.refunded_fen,
    method: p.method,
    provider: p.provider,
    status: p.status,
    provider_txn_id: p.provider_txn_id,
    qr_payload: p.qr_payload,
    duplicate: p.duplicate,
    paid_at: fmt(p.paid_at),
    expires_at: fmt(p.expires_at)!,
    created_at: fmt(p.created_at)!,
  };
}

export async function storeName(c: Conn, netbarId: number) {
  const r = await rows<{ name: string }>(c, sql`select name from netbars where id = ${netbarId}`);
  return r[0]?.name ?? '';
}

export async function providerChoice(c: Conn, netbarId: number, method: string) {
  const r = await rows<{ provider: string }>(
    c,
    sql`select provider from payment_provider_choice where netbar_id = ${netbarId} and method = ${method}`,
  );
  return r[0]?.provider;
}

/** Reserves a refund: its row (处理中) and the running figure, in the caller's transaction. */
export async function reserveRefund(
  c: Conn,
  r: {
    payment_id: number;
    netbar_id: number;
    refund_no: string;
    amount_fen: number;
    reason: string;
    automatic: boolean;
    request_id: string;
    created_by: number;
  },
) {
  await rows(
    c,
    sql`insert into payment_refunds (payment_id, netbar_id, refund_no, amount_fen, reason, automatic, request_id, created_by)
        values (${r.payment_id}, ${r.netbar_id}, ${r.refund_no}, ${r.amount_fen}, ${r.reason}, ${r.automatic},
          ${r.request_id}, ${r.created_by})`,
  );
  await rows(
    c,
    sql`update payments set refunded_fen = refunded_fen + ${r.amount_fen}, updated_at = now() where id = ${r.payment_id}`,
  );
}

export interface RefundRecord {
  refund_no: string;
  amount_fen: number;
  status: '处理中' | '成功' | '失败';
  provider_refund_id: string | null;
  automatic: boolean;
}

export async function refundByRequest(c: Conn, paymentId: number, requestId: string) {
  const r = await rows<RefundRecord>(
    c,
    sql`select refund_no, amount_fen::float8 as amount_fen, status, provider_refund_id, automatic
        from payment_refunds where payment_id = ${paymentId} and request_id = ${requestId}`,
  );
  return r[0] && { ...r[0], amount_fen: Number(r[0].amount_fen) };
}

/** The acquirer refunded: the refund succeeds and the payment's status follows its refunded total. */
export async function refundDone(c: Conn, refundNo: string, providerRefundId: string) {
  await rows(
    c,
    sql`update payment_refunds set status = '成功', provider_refund_id = ${providerRefundId}, done_at = now()
        where refund_no = ${refundNo} and status = '处理中'`,
  );
  await rows(
    c,
    sql`update payments p set status = case when p.refunded_fen >= p.amount_fen then '已退款' else '部分退款' end,
          updated_at = now()
        from payment_refunds r where r.refund_no = ${refundNo} and r.payment_id = p.id`,
  );
}

/** The acquirer refused: the reservation is given back. */
export async function refundFailed(c: Conn, refundNo: string) {
  const r = await rows<{ payment_id: number; amount_fen: number }>(
    c,
    sql`update payment_refunds set status = '失败', done_at = now() where refund_no = ${refundNo} and status = '处理中'
        returning payment_id::int as payment_id, amount_fen::float8 as amount_fen`,
  );
  if (r[0])
    await rows(
      c,
      sql`update payments set refunded_fen = refunded_fen - ${Number(r[0].amount_fen)}, updated_at = now()
          where id = ${r[0].payment_id}`,
    );
}

/** Duplicates (a purpose paid twice) whose automatic refund has not succeeded yet. */
export async function duplicatesToRefund(c: Conn, limit = 20) {
  return rows<{ payment_no: string }>(
    c,
    sql`select p.payment_no from payments p
        where p.duplicate and p.paid_at is not null and p.refunded_fen < p.amount_fen
          and not exists (select 1 from payment_refunds r where r.payment_id = p.id and r.status = '处理中')
        order by p.id limit ${limit}`,
  );
}

/** What the public pay page reads: the payment, its store's name and the sandbox's side of it. */
export async function payPageRow(c: Conn, no: string) {
  const r = await rows<{
    store_name: string;
    amount_fen: number;
    purpose: PaymentRow['purpose'];
    subject: string;
    method: PaymentRow['method'];
    provider: string;
    status: PaymentStatus;
    expires_at: Date;
    sandbox_state: string | null;
  }>(
    c,
    sql`select n.name as store_name, p.amount_fen::float8 as amount_fen, p.purpose, p.subject, p.method,
               p.provider, p.status, p.expires_at, t.state as sandbox_state
        from payments p join netbars n on n.id = p.netbar_id
        left join sandbox_txns t on t.out_trade_no = p.payment_no
        where p.payment_no = ${no}`,
  );
  return r[0] && { ...r[0], amount_fen: Number(r[0].amount_fen), expires_at: asDate(r[0].expires_at)! };
}

/** Payments still 待支付 after their expiry (the background pass asks the acquirer, then closes them). */
export async function expiredPending(c: Conn, limit = 20) {
  const r = await rows<PaymentRecord>(
    c,
    sql`select ${recordCols} from payments p where p.status = '待支付' and p.expires_at < now()
        order by p.expires_at limit ${limit}`,
  );
  return r.map(record);
}

/** Nonces older than twice the freshness window: a notification that old is refused by its timestamp. */
export async function forgetOldNonces(c: Conn, maxAgeSeconds: number) {
  await rows(
    c,
    sql`delete from payment_notify_nonces where seen_at < now() - make_interval(secs => ${maxAgeSeconds * 2})`,
  );
}
