import { randomBytes } from 'node:crypto';
import {
  fenToYuan,
  PAYMENT_MSG,
  type PaymentCreateBody,
  type PaymentPurpose,
  type PaymentRefundBody,
  type PaymentRow,
  yuanToFen,
} from '@netbar/contract';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { persistedSecret } from '../../lib/server-secret.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import * as repo from './payment.repo.ts';
import {
  buildProviders,
  type IncomingNotice,
  type NoticeAnswer,
  NoticeRefused,
  type PaymentProvider,
  registerProvider,
  type VerifiedNotice,
} from './provider.ts';
import { createSandbox, type SandboxAcquirer } from './sandbox.ts';

registerProvider('sandbox', createSandbox);

export interface PaymentDeps {
  db: Db;
  config: Config;
}

/**
 * Told, in the settling transaction, that a payment of its purpose succeeded; a throw undoes the settlement.
 * Answering 'refund' (what it paid for is gone: an order cancelled meanwhile) keeps the payment paid but
 * marks it duplicate, so it is refunded automatically like a second payment (decision 169).
 */
// biome-ignore lint/suspicious/noConfusingVoidType: most handlers answer nothing
export type SettledHandler = (tx: Tx, p: repo.PaymentRecord) => Promise<void | 'refund'>;
const handlers = new Map<PaymentPurpose, SettledHandler>();

/**
 * A purpose (order, top-up, link, wallet) asks to hear of its payments; one handler per purpose. Answers the
 * undo, which puts back the handler it replaced: a test that stands in for a purpose must not leave the
 * module's own handler unregistered for the files that run after it in the same process.
 */
export function onPaymentSettled(purpose: PaymentPurpose, handler: SettledHandler): () => void {
  const before = handlers.get(purpose);
  handlers.set(purpose, handler);
  return () => {
    if (handlers.get(purpose) !== handler) return;
    if (before) handlers.set(purpose, before);
    else handlers.delete(purpose);
  };
}

/** The payment number a refused notification claims to be about (for the log only; never trusted). */
function claimedNo(body: string): string | null {
  try {
    const v = JSON.parse(body) as { out_trade_no?: unknown };
    return typeof v.out_trade_no === 'string' && /^P\d{14}[0-9A-F]{8}$/.test(v.out_trade_no)
      ? v.out_trade_no
      : null;
  } catch {
    return null;
  }
}

/** What asked for a payment: the caller (0 for the system) and this server's address as a phone reaches it. */
export interface PaymentCaller {
  userId: number;
  /** Absolute origin, e.g. http://192.168.1.10:8080 (PUBLIC_URL when configured). */
  publicBase: string;
}

/** Seconds a payment stays 待支付 before a query asks the acquirer (the notification usually comes first). */
export const QUERY_AFTER_MS = 5_000;
const DEFAULT_EXPIRES_MINUTES = 15;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
/** P + Beijing yyyyMMddHHmmss + 8 hex: unique, sortable, not guessable on its own (the pay link is signed too). */
export function newPaymentNo(now = new Date()): string {
  const b = new Date(now.getTime() + 8 * 3600_000);
  const stamp = `${b.getUTCFullYear()}${pad(b.getUTCMonth() + 1)}${pad(b.getUTCDate())}${pad(b.getUTCHours())}${pad(b.getUTCMinutes())}${pad(b.getUTCSeconds())}`;
  return `P${stamp}${randomBytes(4).toString('hex').toUpperCase()}`;
}

export type PaymentService = ReturnType<typeof buildService>;

const services = new WeakMap<Db, PaymentService>();

/** The payment service of this database (one per app: its providers, the sandbox's key). */
export function paymentsOf(deps: PaymentDeps): PaymentService {
  let s = services.get(deps.db);
  if (!s) {
    s = buildService(deps);
    services.set(deps.db, s);
  }
  return s;
}

function buildService(deps: PaymentDeps) {
  const { db, config } = deps;
  let key: Promise<string> | undefined;
  const sandboxKey = () => {
    key ??= config.PAYMENT_SANDBOX_KEY
      ? Promise.resolve(config.PAYMENT_SANDBOX_KEY)
      : persistedSecret(db, 'payment_sandbox_hmac');
    return key;
  };
  const providers = buildProviders({ db, config, sandboxKey });
  const sandbox = providers.get('sandbox') as SandboxAcquirer;
  const adapter = (name: string): PaymentProvider => {
    const p = providers.get(name);
    if (!p) throw new BadInputError(PAYMENT_MSG.provider);
    return p;
  };

  const toAmount = (b: { amount_fen?: number; amount?: string }) => {
    const fen = b.amount_fen ?? (b.amount === undefined ? undefined : yuanToFen(b.amount));
    if (fen === undefined) throw new BadInputError(PAYMENT_MSG.amountMissing);
    if (!Number.isSafeInteger(fen) || fen <= 0) throw new BadInputError(PAYMENT_MSG.amount);
    if (fen > config.PAYMENT_MAX_FEN)
      throw new BadInputError(PAYMENT_MSG.amountOver(fenToYuan(config.PAYMENT_MAX_FEN)));
    return fen;
  };

  /** A second success for a purpose already paid is handed back (decision 161); the sweep retries failures. */
  async function refundDuplicate(no: string) {
    const p = await repo.paymentByNo(db, no);
    if (!p?.duplicate || p.refunded_fen >= p.amount_fen) return;
    await refund(
      { userId: 0, type: 4, isAdmin: true, agentId: null, staffUserId: null, netbarId: 0 },
      0,
      {
        payment_no: no,
        amount_fen: p.amount_fen - p.refunded_fen,
        reason: '重复支付自动退款',
        request_id: `auto-dup-${no}`,
      },
      true,
    );
  }

  /**
   * Settles a payment from a verified notice (or a query's answer): in one transaction the nonce is
   * claimed (a reuse is a replay), the payment locked, the amount matched, the status changed and the
   * purpose told. Answers what happened; throws NoticeRefused when nothing may change.
   */
  async function settle(
    provider: string,
    n: VerifiedNotice,
    via: { body: string; ip: string; nonce: boolean },
  ): Promise<'settled' | 'repeated' | 'duplicate'> {
    let outcome = 'settled' as 'settled' | 'repeated' | 'duplicate';
    try {
      await db.transaction(async (tx) => {
        if (via.nonce && !(await repo.claimNonce(tx, provider, n.nonce)))
          throw new NoticeRefused('通知随机串已使用（疑似重放）');
        const p = await repo.paymentByNo(tx, n.payment_no, true);
        if (!p) throw new NoticeRefused('支付单不存在');
        if (p.provider !== provider) throw new NoticeRefused('支付通道与支付单不符');
        if (p.amount_fen !== n.amount_fen) throw new NoticeRefused('通知金额与支付单金额不符');
        if (p.provider_txn_id) {
          if (p.provider_txn_id !== n.txn_id) throw new NoticeRefused('支付单已由另一笔交易支付');
          outcome = 'repeated';
        } else {
          await repo.lockPurpose(tx, p.purpose, p.purpose_ref);
          let duplicate = !!(await repo.settledOfPurpose(tx, p.purpose, p.purpose_ref, p.id));
          await repo.markPaid(tx, p.id, n.txn_id, n.paid_at, duplicate);
          const h = handlers.get(p.purpose);
          // the purpose may find its thing gone (an order cancelled meanwhile): the money goes back
          if (!duplicate && h) {
            const said = await h(tx, {
              ...p,
              status: '已支付',
              provider_txn_id: n.txn_id,
              paid_at: n.paid_at,
            });
            if (said === 'refund') {
              duplicate = true;
              await repo.markPaid(tx, p.id, n.txn_id, n.paid_at, true);
            }
          }
          outcome = duplicate ? 'duplicate' : 'settled';
        }
        await repo.logNotification(tx, {
          provider,
          payment_no: n.payment_no,
          provider_txn_id: n.txn_id,
          nonce: n.nonce,
          sent_at: n.sent_at,
          amount_fen: n.amount_fen,
          verified: true,
          outcome,
          reason: via.nonce ? (outcome === 'duplicate' ? '重复支付，自动退款' : '') : '主动查询确认',
          body: via.body,
          ip: via.ip,
        });
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw new NoticeRefused('交易号已用于另一支付单', n);
      if (e instanceof NoticeRefused) throw new NoticeRefused(e.reason, n);
      // the purpose (or the database) failed: nothing was written; the provider repeats later
      const why = e instanceof Error ? e.message : String(e);
      throw new NoticeRefused(`支付结果处理失败，稍后重试：${why}`.slice(0, 200), n);
    }
    if (outcome === 'duplicate') await refundDuplicate(n.payment_no).catch(() => undefined);
    return outcome;
  }

  /** The notification endpoint's work: verify, settle, log; the answer the provider expects. */
  async function notify(providerName: string, incoming: IncomingNotice, ip: string): Promise<NoticeAnswer> {
    const p = providers.get(providerName);
    const refuse = async (reason: string, verified: boolean, seen: Partial<VerifiedNotice>) => {
      await repo.logNotification(db, {
        provider: providerName.slice(0, 20),
        payment_no: seen.payment_no ?? claimedNo(incoming.body),
        provider_txn_id: seen.txn_id ?? null,
        nonce: seen.nonce ?? '',
        sent_at: seen.sent_at ?? null,
        amount_fen: seen.amount_fen ?? null,
        verified,
        outcome: 'refused',
        reason,
        body: incoming.body,
        ip,
      });
      return p ? p.refused(reason) : { http: 404, body: { code: 'FAIL', message: reason } };
    };
    if (!p) return refuse('支付通道不存在', false, {});
    let n: VerifiedNotice;
    try {
      n = await p.verifyNotice(incoming, new Date());
    } catch (e) {
      if (e instanceof NoticeRefused) return refuse(e.reason, false, e.seen);
      throw e;
    }
    try {
      await settle(providerName, n, { body: incoming.body, ip, nonce: true });
      return p.accepted();
    } catch (e) {
      if (e instanceof NoticeRefused) return refuse(e.reason, true, n);
      throw e;
    }
  }

  async function create(
    s: TenantScope,
    caller: PaymentCaller,
    b: Omit<PaymentCreateBody, 'purpose'> & { purpose: PaymentPurpose },
  ): Promise<{ payment: PaymentRow; replayed: boolean }> {
    const amount = toAmount(b);
    const nid = s.netbarId;
    if (!nid) throw new NotFoundError('门店不存在');
    const provider = adapter((await repo.providerChoice(db, nid, b.method)) ?? config.PAYMENT_PROVIDER);
    const same = (p: repo.PaymentRecord) => {
      if (p.amount_fen !== amount || p.method !== b.method || p.purpose !== b.purpose)
        throw new ConflictError(PAYMENT_MSG.requestUsed);
      return { payment: repo.toRow(p), replayed: true };
    };
    const seen = await repo.paymentByRequest(db, nid, b.request_id);
    if (seen) return same(seen);
    const no = newPaymentNo();
    const expires = new Date(Date.now() + (b.expires_minutes ?? DEFAULT_EXPIRES_MINUTES) * 60_000);
    const p = await repo.insertPayment(db, {
      payment_no: no,
      netbar_id: nid,
      purpose: b.purpose,
      purpose_ref: b.purpose_ref ?? no,
      subject: b.subject ?? '',
      amount_fen: amount,
      method: b.method,
      provider: provider.name,
      expires_at: expires,
      request_id: b.request_id,
      created_by: caller.userId,
    });
    if (!p) {
      const raced = await repo.paymentByRequest(db, nid, b.request_id);
      if (raced) return same(raced);
      throw new ConflictError(PAYMENT_MSG.requestUsed);
    }
    let codes: { qr_payload: string; cashier_url: string };
    try {
      codes = await provider.create({
        payment_no: no,
        netbar_id: nid,
        amount_fen: amount,
        subject: p.subject || '网吧消费',
        method: b.method,
        expires_at: expires,
        notify_url: `${caller.publicBase}/api/c1/notify/${provider.name}`,
        public_base: caller.publicBase,
      });
    } catch {
      await repo.markClosed(db, p.id);
      throw new ConflictError('支付通道暂不可用，请稍后重试');
    }
    await repo.setPaymentCodes(db, p.id, codes.qr_payload, codes.cashier_url);
    return { payment: repo.toRow({ ...p, ...codes }), replayed: false };
  }

  /**
   * 付款码 (micropay, decision 182): the payment is recorded, then the customer's code charged at the acquirer
   * (outside any transaction). Paid at once, it is settled through the same settle as a notification (the
   * purpose told once); USERPAYING leaves it 待支付 for the query; a refusal closes it and answers why.
   * A retried request (same request id) answers the first payment without charging again.
   */
  async function micropay(
    s: TenantScope,
    caller: PaymentCaller,
    b: {
      purpose: PaymentPurpose;
      purpose_ref: string;
      amount_fen: number;
      method: PaymentCreateBody['method'];
      subject: string;
      auth_code: string;
      request_id: string;
    },
    /** Records what the payment is for before the charge (its settle may run at once). */
    before: (paymentNo: string) => Promise<void> = async () => {},
  ): Promise<{ payment: PaymentRow; replayed: boolean }> {
    const nid = s.netbarId;
    if (!nid) throw new NotFoundError('门店不存在');
    const provider = adapter((await repo.providerChoice(db, nid, b.method)) ?? config.PAYMENT_PROVIDER);
    const seen = await repo.paymentByRequest(db, nid, b.request_id);
    if (seen) {
      if (seen.amount_fen !== b.amount_fen || seen.purpose !== b.purpose)
        throw new ConflictError(PAYMENT_MSG.requestUsed);
      return { payment: repo.toRow(seen), replayed: true };
    }
    if (!provider.micropay) throw new BadInputError('该支付通道暂不支持付款码支付，请让顾客扫码付款');
    const no = newPaymentNo();
    const p = await repo.insertPayment(db, {
      payment_no: no,
      netbar_id: nid,
      purpose: b.purpose,
      purpose_ref: b.purpose_ref,
      subject: b.subject,
      amount_fen: b.amount_fen,
      method: b.method,
      provider: provider.name,
      expires_at: new Date(Date.now() + 15 * 60_000),
      request_id: b.request_id,
      created_by: caller.userId,
    });
    if (!p) throw new ConflictError(PAYMENT_MSG.requestUsed);
    try {
      await before(no);
    } catch (e) {
      await repo.markClosed(db, p.id);
      throw e;
    }
    let r: Awaited<ReturnType<NonNullable<PaymentProvider['micropay']>>>;
    try {
      r = await provider.micropay({
        payment_no: no,
        netbar_id: nid,
        amount_fen: b.amount_fen,
        subject: b.subject || '网吧消费',
        auth_code: b.auth_code,
        notify_url: `${caller.publicBase}/api/c1/notify/${provider.name}`,
      });
    } catch {
      // unknown outcome: left 待支付, the query and the expiry sweep ask the acquirer
      return { payment: repo.toRow(p), replayed: false };
    }
    if (r.state === 'failed') {
      await repo.markClosed(db, p.id);
      throw new BadInputError(r.reason);
    }
    if (r.state === 'paid')
      await settle(
        provider.name,
        {
          payment_no: no,
          txn_id: r.txn_id,
          amount_fen: r.amount_fen,
          paid_at: r.paid_at,
          nonce: '',
          sent_at: new Date(),
        },
        { body: '', ip: '', nonce: false },
      ).catch((e) => {
        if (!(e instanceof NoticeRefused)) throw e;
      });
    return { payment: repo.toRow((await repo.paymentByNo(db, no))!), replayed: false };
  }

  /** The payment; still 待支付 after QUERY_AFTER_MS, the acquirer is asked (a lost notification). */
  async function query(s: TenantScope, no: string): Promise<PaymentRow> {
    const p = await repo.paymentOf(db, s, no);
    if (!p) throw new NotFoundError(PAYMENT_MSG.notFound);
    if (p.status !== '待支付' || Date.now() - p.created_at.getTime() < QUERY_AFTER_MS) return repo.toRow(p);
    await reconcileOne(p);
    return repo.toRow((await repo.paymentByNo(db, no))!);
  }

  /** Asks the acquirer about a 待支付 payment and follows its answer. */
  async function reconcileOne(p: repo.PaymentRecord) {
    const provider = adapter(p.provider);
    const q = await provider.query(p.payment_no);
    if (q.state === 'paid') {
      await settle(
        p.provider,
        {
          payment_no: p.payment_no,
          txn_id: q.txn_id,
          amount_fen: q.amount_fen,
          paid_at: q.paid_at,
          nonce: '',
          sent_at: new Date(),
        },
        { body: '', ip: '', nonce: false },
      ).catch((e) => {
        if (!(e instanceof NoticeRefused)) throw e;
      });
    } else if (q.state === 'closed' || p.expires_at.getTime() < Date.now()) {
      if ((await provider.close(p.payment_no)) === 'closed') await repo.markClosed(db, p.id);
    }
  }

  async function close(s: TenantScope, no: string): Promise<PaymentRow> {
    const p = await repo.paymentOf(db, s, no);
    if (!p) throw new NotFoundError(PAYMENT_MSG.notFound);
    if (p.status === '已关闭') return repo.toRow(p);
    if (p.status !== '待支付') throw new ConflictError(PAYMENT_MSG.alreadyPaid);
    const answer = await adapter(p.provider).close(no);
    if (answer === 'paid') {
      await reconcileOne(p);
      throw new ConflictError(PAYMENT_MSG.alreadyPaid);
    }
    await repo.markClosed(db, p.id);
    return repo.toRow((await repo.paymentByNo(db, no))!);
  }

  async function refund(
    s: TenantScope,
    userId: number,
    b: PaymentRefundBody,
    automatic = false,
  ): Promise<{ refund: repo.RefundRecord; payment: PaymentRow; replayed: boolean }> {
    const refundNo = `R${newPaymentNo().slice(1)}`;
    const prep = await db.transaction(async (tx) => {
      const p = await repo.paymentOf(tx, s, b.payment_no, true);
      if (!p) throw new NotFoundError(PAYMENT_MSG.notFound);
      const before = await repo.refundByRequest(tx, p.id, b.request_id);
      if (before) {
        if (before.amount_fen !== b.amount_fen) throw new ConflictError('请求编号已被用于另一笔退款');
        if (before.status === '失败') throw new ConflictError(PAYMENT_MSG.refundFailed);
        return { p, refund_no: before.refund_no, before };
      }
      if (p.status !== '已支付' && p.status !== '部分退款') throw new ConflictError(PAYMENT_MSG.refundState);
      if (p.refunded_fen + b.amount_fen > p.amount_fen) throw new BadInputError(PAYMENT_MSG.refundOver);
      await repo.reserveRefund(tx, {
        payment_id: p.id,
        netbar_id: p.netbar_id,
        refund_no: refundNo,
        amount_fen: b.amount_fen,
        reason: b.reason ?? '',
        automatic,
        request_id: b.request_id,
        created_by: userId,
      });
      return { p, refund_no: refundNo, before: undefined };
    });
    const { p } = prep;
    if (prep.before?.status !== '成功') {
      try {
        const r = await adapter(p.provider).refund({
          payment_no: p.payment_no,
          txn_id: p.provider_txn_id ?? '',
          refund_no: prep.refund_no,
          amount_fen: b.amount_fen,
          total_fen: p.amount_fen,
          reason: b.reason ?? '',
        });
        await db.transaction((tx) => repo.refundDone(tx, prep.refund_no, r.refund_id));
      } catch (e) {
        if (e instanceof BadInputError) throw e;
        await db.transaction((tx) => repo.refundFailed(tx, prep.refund_no));
        throw new ConflictError(PAYMENT_MSG.refundFailed);
      }
    }
    const after = (await repo.refundByRequest(db, p.id, b.request_id))!;
    return {
      refund: after,
      payment: repo.toRow((await repo.paymentByNo(db, p.payment_no))!),
      replayed: !!prep.before,
    };
  }

  /**
   * One pass of the background work: the sandbox's due notifications, duplicates left unrefunded, expired
   * payments (asked of the acquirer, then closed) and nonces too old to matter.
   */
  async function backgroundPass(send: Parameters<SandboxAcquirer['deliverDue']>[0]) {
    const d = await sandbox.deliverDue(send);
    for (const x of await repo.duplicatesToRefund(db))
      await refundDuplicate(x.payment_no).catch(() => undefined);
    for (const p of await repo.expiredPending(db)) await reconcileOne(p).catch(() => undefined);
    await repo.forgetOldNonces(db, config.PAYMENT_NOTIFY_MAX_AGE_SECONDS);
    return d;
  }

  /** Set by the delivery job: wakes it when the sandbox queued a notification (the pay page). */
  const wake = { fn: () => {} };

  return {
    db,
    wake,
    providers,
    sandbox,
    sandboxKey,
    create,
    micropay,
    query,
    close,
    refund,
    notify,
    settle,
    backgroundPass,
  };
}
