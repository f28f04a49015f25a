import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.ts';
import { safeEqual } from '../../lib/crypto.ts';
import { dayStart, nextDay } from '../../lib/day-bounds.ts';
import { PAGE_LINES } from './bill-stream.ts';
import {
  type CreateRequest,
  type IncomingNotice,
  type MicropayRequest,
  type MicropayResult,
  NoticeRefused,
  type PaymentProvider,
  type ProviderDeps,
  type QueryResult,
  type RefundRequest,
  type StatementLine,
  type VerifiedNotice,
} from './provider.ts';

/**
 * The built-in sandbox acquirer (decision 160): it keeps its own books (sandbox_txns, sandbox_refunds)
 * as a real acquirer does on its side, and behaves like one — a QR that opens a public pay page, a
 * notification signed with HMAC-SHA256 sent to our callback and repeated with backoff until acknowledged
 * (sandbox_notify_queue survives a restart), optionally twice or out of order (PAYMENT_SANDBOX_CHAOS),
 * refunds, and a day's statement.
 */

/** What the sandbox takes as a 付款码: WeChat's (10-15, 18 digits) or Alipay's (25-30, 16-24 digits). */
export const SANDBOX_AUTH_CODE = /^(1[0-5]\d{16}|(2[5-9]|30)\d{14,22})$/;

export const SANDBOX_HEADERS = {
  timestamp: 'x-sandbox-timestamp',
  nonce: 'x-sandbox-nonce',
  signature: 'x-sandbox-signature',
} as const;

/** base64 HMAC-SHA256 of `timestamp\nnonce\nbody\n` (the shape of WeChat Pay v3's signed message). */
export function signNotice(key: string, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha256', key).update(`${timestamp}\n${nonce}\n${body}\n`).digest('base64');
}

/** The pay page's link signature: the payment number alone opens nothing. */
export function payLinkSig(key: string, paymentNo: string): string {
  return createHmac('sha256', key).update(`paylink\n${paymentNo}`).digest('base64url').slice(0, 32);
}

/** A notification as the sandbox sends it: headers and body, freshly signed. */
export function signedNotice(
  key: string,
  n: { out_trade_no: string; txn_id: string; amount_fen: number; paid_at: Date },
  at: Date = new Date(),
  nonce: string = randomBytes(16).toString('hex'),
) {
  const body = JSON.stringify({
    out_trade_no: n.out_trade_no,
    txn_id: n.txn_id,
    amount_fen: n.amount_fen,
    trade_state: 'SUCCESS',
    paid_at: n.paid_at.toISOString(),
  });
  const timestamp = String(Math.floor(at.getTime() / 1000));
  return {
    headers: {
      'content-type': 'application/json',
      [SANDBOX_HEADERS.timestamp]: timestamp,
      [SANDBOX_HEADERS.nonce]: nonce,
      [SANDBOX_HEADERS.signature]: signNotice(key, timestamp, nonce, body),
    },
    body,
  };
}

const header = (n: IncomingNotice, name: string) => {
  const v = n.headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
};

interface TxnRow {
  txn_id: string;
  out_trade_no: string;
  netbar_id: number;
  amount_fen: number;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  refunded_fen: number;
  paid_at: Date | null;
  expires_at: Date;
}

/** Numbers and Dates whatever the driver answered. */
const txnOf = (t: TxnRow | undefined): TxnRow | undefined =>
  t && {
    ...t,
    amount_fen: Number(t.amount_fen),
    refunded_fen: Number(t.refunded_fen),
    paid_at: t.paid_at === null ? null : new Date(t.paid_at),
    expires_at: new Date(t.expires_at),
  };

const txnCols = sql`txn_id, out_trade_no, netbar_id, amount_fen::float8 as amount_fen, state,
  refunded_fen::float8 as refunded_fen, paid_at, expires_at`;

/** How long a claimed delivery is held before another pass may send it again. */
const CLAIM_SECONDS = 30;
/** Attempts before the sandbox gives a notification up (about a day of backoff). */
export const SANDBOX_MAX_ATTEMPTS = 15;
/** Seconds before attempt n+1: 2, 4, 8 ... capped at one hour. */
export const backoffSeconds = (attempts: number) => Math.min(2 ** attempts, 3600);

export type NoticeSender = (
  url: string,
  headers: Record<string, string>,
  body: string,
) => Promise<{ http: number; body: string }>;

export interface SandboxAcquirer extends PaymentProvider {
  /** The public pay page: the customer pays (then notifications are queued). */
  pay(paymentNo: string): Promise<TxnRow['state'] | 'missing'>;
  /** The customer cancels on the pay page. */
  cancel(paymentNo: string): Promise<TxnRow['state'] | 'missing'>;
  linkSig(paymentNo: string): Promise<string>;
  /** Sends the due notifications once (a pass of the delivery job); answers how many were acknowledged. */
  deliverDue(send: NoticeSender, limit?: number): Promise<{ sent: number; acked: number }>;
  /** A notification of a paid transaction, signed now (tests and the bench send it themselves). */
  notice(
    paymentNo: string,
    at?: Date,
    nonce?: string,
  ): Promise<{ headers: Record<string, string>; body: string }>;
}

export function createSandbox(deps: ProviderDeps): SandboxAcquirer {
  const { db, config } = deps;
  const chaos = config.PAYMENT_SANDBOX_CHAOS;
  const txn = async (no: string) =>
    txnOf((await rows<TxnRow>(db, sql`select ${txnCols} from sandbox_txns where out_trade_no = ${no}`))[0]);
  const notice = async (no: string, at?: Date, nonce?: string) => {
    const t = await txn(no);
    if (!t?.paid_at) throw new Error(`sandbox: ${no} is not paid`);
    return signedNotice(
      await deps.sandboxKey(),
      { out_trade_no: t.out_trade_no, txn_id: t.txn_id, amount_fen: t.amount_fen, paid_at: t.paid_at },
      at,
      nonce,
    );
  };

  return {
    name: 'sandbox',

    async create(r: CreateRequest) {
      const txnId = `SB${Date.now()}${randomBytes(5).toString('hex').toUpperCase()}`;
      await rows(
        db,
        sql`insert into sandbox_txns (txn_id, out_trade_no, netbar_id, amount_fen, subject, notify_url, expires_at)
            values (${txnId}, ${r.payment_no}, ${r.netbar_id}, ${r.amount_fen}, ${r.subject}, ${r.notify_url},
                    ${r.expires_at.toISOString()}::timestamptz)
            on conflict (out_trade_no) do nothing`,
      );
      const url = `${r.public_base}/pay?no=${r.payment_no}&s=${payLinkSig(await deps.sandboxKey(), r.payment_no)}`;
      return { qr_payload: url, cashier_url: url };
    },

    async verifyNotice(n: IncomingNotice, now: Date): Promise<VerifiedNotice> {
      const timestamp = header(n, SANDBOX_HEADERS.timestamp);
      const nonce = header(n, SANDBOX_HEADERS.nonce);
      const signature = header(n, SANDBOX_HEADERS.signature);
      if (!timestamp || !nonce || !signature) throw new NoticeRefused('缺少签名信息');
      if (!/^\d{9,11}$/.test(timestamp) || !/^[A-Za-z0-9]{8,64}$/.test(nonce))
        throw new NoticeRefused('签名信息格式错误');
      const expected = signNotice(await deps.sandboxKey(), timestamp, nonce, n.body);
      if (!safeEqual(expected, signature)) throw new NoticeRefused('签名验证失败');
      const sentAt = new Date(Number(timestamp) * 1000);
      if (Math.abs(now.getTime() - sentAt.getTime()) > config.PAYMENT_NOTIFY_MAX_AGE_SECONDS * 1000)
        throw new NoticeRefused('通知时间戳超出允许范围（疑似重放）', { nonce, sent_at: sentAt });
      let b: Record<string, unknown>;
      try {
        b = JSON.parse(n.body);
      } catch {
        throw new NoticeRefused('通知内容格式错误', { nonce, sent_at: sentAt });
      }
      const paidAt = new Date(String(b.paid_at));
      if (
        typeof b.out_trade_no !== 'string' ||
        typeof b.txn_id !== 'string' ||
        !Number.isSafeInteger(b.amount_fen) ||
        b.trade_state !== 'SUCCESS' ||
        Number.isNaN(paidAt.getTime())
      )
        throw new NoticeRefused('通知内容格式错误', { nonce, sent_at: sentAt });
      return {
        payment_no: b.out_trade_no,
        txn_id: b.txn_id,
        amount_fen: b.amount_fen as number,
        paid_at: paidAt,
        nonce,
        sent_at: sentAt,
      };
    },

    accepted: () => ({ http: 200, body: { code: 'SUCCESS', message: '成功' } }),
    refused: (reason) => ({ http: 400, body: { code: 'FAIL', message: reason } }),

    async micropay(r: MicropayRequest): Promise<MicropayResult> {
      if (!SANDBOX_AUTH_CODE.test(r.auth_code))
        return { state: 'failed', reason: '付款码无效或已过期，请顾客刷新付款码' };
      // a code ending in 9 makes the customer confirm on the phone (USERPAYING): the next query finds it paid
      const confirm = r.auth_code.endsWith('9');
      const txnId = `SB${Date.now()}${randomBytes(5).toString('hex').toUpperCase()}`;
      const t = await rows<{ paid_at: Date | null }>(
        db,
        sql`insert into sandbox_txns (txn_id, out_trade_no, netbar_id, amount_fen, subject, notify_url, expires_at,
              state, paid_at, micropay_pending)
            values (${txnId}, ${r.payment_no}, ${r.netbar_id}, ${r.amount_fen}, ${r.subject}, ${r.notify_url},
              now() + interval '15 minutes', ${confirm ? 'NOTPAY' : 'SUCCESS'},
              ${confirm ? null : sql`now()`}, ${confirm})
            on conflict (out_trade_no) do nothing
            returning paid_at`,
      );
      if (!t[0]) return { state: 'failed', reason: '支付单号重复' };
      if (confirm) return { state: 'paying' };
      return { state: 'paid', txn_id: txnId, amount_fen: r.amount_fen, paid_at: new Date(t[0].paid_at!) };
    },

    async query(no): Promise<QueryResult> {
      // the customer confirmed a 付款码 charge on the phone meanwhile
      await rows(
        db,
        sql`update sandbox_txns set state = 'SUCCESS', paid_at = now(), micropay_pending = false
            where out_trade_no = ${no} and state = 'NOTPAY' and micropay_pending and expires_at > now()`,
      );
      const t = await txn(no);
      if (!t || t.state === 'CLOSED') return { state: 'closed' };
      if (t.state === 'SUCCESS' && t.paid_at)
        return { state: 'paid', txn_id: t.txn_id, amount_fen: t.amount_fen, paid_at: t.paid_at };
      if (t.expires_at.getTime() < Date.now()) return { state: 'closed' };
      return { state: 'pending' };
    },

    async refund(r: RefundRequest) {
      return db.transaction(async (tx) => {
        const seen = await rows<{ refund_id: string }>(
          tx,
          sql`select refund_id from sandbox_refunds where out_refund_no = ${r.refund_no}`,
        );
        if (seen[0]) return { refund_id: seen[0].refund_id };
        const t = txnOf(
          (
            await rows<TxnRow>(
              tx,
              sql`select ${txnCols} from sandbox_txns where out_trade_no = ${r.payment_no} for update`,
            )
          )[0],
        );
        if (t?.state !== 'SUCCESS' || t.txn_id !== r.txn_id) throw new Error('交易不存在或未支付');
        if (t.refunded_fen + r.amount_fen > t.amount_fen) throw new Error('退款金额超过可退金额');
        const refundId = `SR${Date.now()}${randomBytes(4).toString('hex').toUpperCase()}`;
        await rows(
          tx,
          sql`insert into sandbox_refunds (refund_id, out_refund_no, txn_id, amount_fen)
              values (${refundId}, ${r.refund_no}, ${t.txn_id}, ${r.amount_fen})`,
        );
        await rows(
          tx,
          sql`update sandbox_txns set refunded_fen = refunded_fen + ${r.amount_fen} where txn_id = ${t.txn_id}`,
        );
        return { refund_id: refundId };
      });
    },

    async close(no) {
      const r = await rows<{ state: string }>(
        db,
        sql`update sandbox_txns set state = 'CLOSED' where out_trade_no = ${no} and state = 'NOTPAY' returning state`,
      );
      if (r[0]) return 'closed';
      return (await txn(no))?.state === 'SUCCESS' ? 'paid' : 'closed';
    },

    /** The day's lines in pages along the ids (decision 184): pays, then refunds; never the whole day at once. */
    async *statementPages(day: string): AsyncIterable<StatementLine[]> {
      const from = dayStart(day);
      const to = dayStart(nextDay(day));
      type Line = Omit<StatementLine, 'at'> & { id: string; at: Date };
      for (const kind of ['pay', 'refund'] as const) {
        let after = 0;
        for (;;) {
          const page = await rows<Line>(
            db,
            kind === 'pay'
              ? sql`select id::text as id, 'pay' as kind, paid_at as at, out_trade_no as payment_no, txn_id,
                       '' as refund_no, amount_fen::float8 as amount_fen
                    from sandbox_txns
                    where paid_at >= ${from}::timestamptz and paid_at < ${to}::timestamptz and id > ${after}
                    order by id limit ${PAGE_LINES}`
              : sql`select r.id::text as id, 'refund' as kind, r.created_at as at, t.out_trade_no as payment_no,
                       t.txn_id, r.out_refund_no as refund_no, r.amount_fen::float8 as amount_fen
                    from sandbox_refunds r join sandbox_txns t using (txn_id)
                    where r.created_at >= ${from}::timestamptz and r.created_at < ${to}::timestamptz
                      and r.id > ${after}
                    order by r.id limit ${PAGE_LINES}`,
          );
          if (!page.length) break;
          after = Number(page[page.length - 1]!.id);
          yield page.map(({ id: _, ...l }) => ({
            ...l,
            at: new Date(l.at),
            amount_fen: Number(l.amount_fen),
          }));
          if (page.length < PAGE_LINES) break;
        }
      }
    },

    async statement(day: string): Promise<StatementLine[]> {
      const from = dayStart(day);
      const to = dayStart(nextDay(day));
      const lines = await rows<{
        kind: 'pay' | 'refund';
        at: Date;
        payment_no: string;
        txn_id: string;
        refund_no: string;
        amount_fen: number;
      }>(
        db,
        sql`select 'pay' as kind, paid_at as at, out_trade_no as payment_no, txn_id, '' as refund_no,
                   amount_fen::float8 as amount_fen
            from sandbox_txns where paid_at >= ${from}::timestamptz and paid_at < ${to}::timestamptz
            union all
            select 'refund', r.created_at, t.out_trade_no, t.txn_id, r.out_refund_no, r.amount_fen::float8
            from sandbox_refunds r join sandbox_txns t using (txn_id)
            where r.created_at >= ${from}::timestamptz and r.created_at < ${to}::timestamptz
            order by 2, 3`,
      );
      return lines.map((l) => ({ ...l, at: new Date(l.at), amount_fen: Number(l.amount_fen) }));
    },

    async pay(no) {
      return db.transaction(async (tx) => {
        const paid = await rows<{ txn_id: string; notify_url: string }>(
          tx,
          sql`update sandbox_txns set state = 'SUCCESS', paid_at = now()
              where out_trade_no = ${no} and state = 'NOTPAY' and expires_at > now()
              returning txn_id, notify_url`,
        );
        const p = paid[0];
        if (!p) {
          const t = txnOf(
            (await rows<TxnRow>(tx, sql`select ${txnCols} from sandbox_txns where out_trade_no = ${no}`))[0],
          );
          if (!t) return 'missing' as const;
          return t.state === 'NOTPAY' ? ('CLOSED' as const) : t.state;
        }
        const copies = chaos === 'twice' || chaos === 'both' ? 2 : 1;
        for (let i = 0; i < copies; i++)
          await rows(
            tx,
            sql`insert into sandbox_notify_queue (txn_id, notify_url) values (${p.txn_id}, ${p.notify_url})`,
          );
        return 'SUCCESS' as const;
      });
    },

    async cancel(no) {
      const r = await rows<{ state: string }>(
        db,
        sql`update sandbox_txns set state = 'CLOSED' where out_trade_no = ${no} and state = 'NOTPAY' returning state`,
      );
      if (r[0]) return 'CLOSED';
      return (await txn(no))?.state ?? 'missing';
    },

    linkSig: async (no) => payLinkSig(await deps.sandboxKey(), no),

    notice,

    async deliverDue(send, limit = 50) {
      const order = chaos === 'reorder' || chaos === 'both' ? sql`id desc` : sql`id`;
      const claimed = await rows<{ id: number; txn_id: string; notify_url: string; attempts: number }>(
        db,
        sql`update sandbox_notify_queue q set attempts = q.attempts + 1,
                   next_at = now() + make_interval(secs => ${CLAIM_SECONDS})
            where q.id in (select id from sandbox_notify_queue
                           where acked_at is null and gave_up_at is null and next_at <= now()
                           order by ${order} limit ${limit} for update skip locked)
            returning q.id, q.txn_id, q.notify_url, q.attempts`,
      );
      claimed.sort((a, b) => (chaos === 'reorder' || chaos === 'both' ? b.id - a.id : a.id - b.id));
      let acked = 0;
      for (const c of claimed) {
        const t = txnOf(
          (await rows<TxnRow>(db, sql`select ${txnCols} from sandbox_txns where txn_id = ${c.txn_id}`))[0],
        );
        let answer = '';
        let ok = false;
        if (t?.paid_at) {
          const n = await notice(t.out_trade_no);
          try {
            const res = await send(c.notify_url, n.headers, n.body);
            answer = `${res.http} ${res.body.slice(0, 200)}`;
            ok = res.http === 200 && JSON.parse(res.body)?.code === 'SUCCESS';
          } catch (e) {
            answer = String(e instanceof Error ? e.message : e).slice(0, 200);
          }
        }
        if (ok) acked++;
        await rows(
          db,
          ok
            ? sql`update sandbox_notify_queue set acked_at = now(), last_answer = ${answer} where id = ${c.id}`
            : c.attempts >= SANDBOX_MAX_ATTEMPTS
              ? sql`update sandbox_notify_queue set gave_up_at = now(), last_answer = ${answer} where id = ${c.id}`
              : sql`update sandbox_notify_queue set last_answer = ${answer},
                      next_at = now() + make_interval(secs => ${backoffSeconds(c.attempts)}) where id = ${c.id}`,
        );
      }
      return { sent: claimed.length, acked };
    },
  };
}

/** A fresh random id (tests). */
export const sandboxNonce = () => randomUUID().replace(/-/g, '');
