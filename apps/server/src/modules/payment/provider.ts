import type { PaymentMethodKind } from '@netbar/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

/**
 * The provider layer (decision 160): one interface every acquirer implements — the built-in sandbox,
 * alipay (alipay-sdk), wechatpay (API v3) and aggregators. Amounts are integer fen. Adapters register
 * by name; `providerFor` picks one per store and method (payment_provider_choice, else PAYMENT_PROVIDER).
 * Calls to a provider are never made inside one of our database transactions: a real acquirer is a
 * network call, and the sandbox writes its own books.
 */

export interface CreateRequest {
  payment_no: string;
  netbar_id: number;
  amount_fen: number;
  subject: string;
  method: PaymentMethodKind;
  expires_at: Date;
  /** Our notification endpoint, absolute. */
  notify_url: string;
  /** Where a phone reaches this server (the QR holds absolute URLs). */
  public_base: string;
}

export interface CreateResult {
  /** What the QR code holds (a URL the customer's app opens). */
  qr_payload: string;
  /** A cashier page for a browser, when the provider has one. */
  cashier_url: string;
}

/** 付款码 (micropay, decision 182): the customer's code, scanned at the counter, charged at once. */
export interface MicropayRequest {
  payment_no: string;
  netbar_id: number;
  amount_fen: number;
  subject: string;
  /** The digits of the customer's 付款码 (WeChat 10-15…, 18 digits; Alipay 25-30…, 16-24 digits). */
  auth_code: string;
  /** Our notification endpoint (acquirers notify a micropay too; the settle is idempotent). */
  notify_url: string;
}

/**
 * paid: charged now; paying: the customer must confirm on the phone (USERPAYING) — the payment stays
 * 待支付 and a query settles it; failed: refused by the acquirer (a bad or expired code, no balance).
 */
export type MicropayResult =
  | { state: 'paid'; txn_id: string; amount_fen: number; paid_at: Date }
  | { state: 'paying' }
  | { state: 'failed'; reason: string };

/** A notification whose signature, freshness and shape were verified. Amount still to be matched. */
export interface VerifiedNotice {
  payment_no: string;
  txn_id: string;
  amount_fen: number;
  paid_at: Date;
  nonce: string;
  sent_at: Date;
}

/** The raw request the notification endpoint received. */
export interface IncomingNotice {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** What the provider expects as the answer, so it stops (or keeps) repeating. */
export interface NoticeAnswer {
  http: number;
  body: Record<string, unknown>;
  /** A plain-text answer instead of JSON (Alipay reads the body `success` / `fail`). */
  text?: string;
}

export type QueryResult =
  | { state: 'pending' }
  | { state: 'closed' }
  | { state: 'paid'; txn_id: string; amount_fen: number; paid_at: Date };

export interface RefundRequest {
  payment_no: string;
  txn_id: string;
  refund_no: string;
  amount_fen: number;
  total_fen: number;
  reason: string;
}

/** One line of a provider's daily statement (对账单). */
export interface StatementLine {
  kind: 'pay' | 'refund';
  at: Date;
  payment_no: string;
  txn_id: string;
  /** The refund's own number for a refund line. */
  refund_no: string;
  amount_fen: number;
}

/** A refusal of a notification: logged with its reason, answered as the provider expects. */
export class NoticeRefused extends Error {
  constructor(
    readonly reason: string,
    /** What could be read from it before it was refused (for the log). */
    readonly seen: Partial<VerifiedNotice> = {},
  ) {
    super(reason);
  }
}

export interface PaymentProvider {
  readonly name: string;
  create(r: CreateRequest): Promise<CreateResult>;
  /** Checks signature, freshness and shape; throws NoticeRefused. Never trusts the amount by itself. */
  verifyNotice(n: IncomingNotice, now: Date): Promise<VerifiedNotice>;
  accepted(): NoticeAnswer;
  refused(reason: string): NoticeAnswer;
  query(payment_no: string): Promise<QueryResult>;
  refund(r: RefundRequest): Promise<{ refund_id: string }>;
  /** Closes an unpaid payment; answers 'paid' when the customer already paid (then nothing is closed). */
  close(payment_no: string): Promise<'closed' | 'paid'>;
  /** The day's lines (a Beijing calendar day, YYYY-MM-DD). */
  statement(day: string): Promise<StatementLine[]>;
  /** The same lines in pages, read as the file arrives (decision 184); the reconciliation prefers it. */
  statementPages?(day: string): AsyncIterable<StatementLine[]>;
  /** 付款码: charges the customer's code; absent when the acquirer (or its adapter) has no such call. */
  micropay?(r: MicropayRequest): Promise<MicropayResult>;
}

/** What an adapter is built from: the database (the sandbox keeps its books there) and the configuration. */
export interface ProviderDeps {
  db: Db;
  config: Config;
  /** The sandbox's HMAC key (PAYMENT_SANDBOX_KEY, else generated once and kept in the database). */
  sandboxKey: () => Promise<string>;
}

/** Builds the adapter, or answers null when it is not configured (then it is not offered at all). */
export type ProviderFactory = (deps: ProviderDeps) => PaymentProvider | null;

const factories = new Map<string, ProviderFactory>();

/** Adds (or replaces) an adapter under its name; each payment service builds its own instance. */
export function registerProvider(name: string, factory: ProviderFactory): void {
  factories.set(name, factory);
}

/** Every registered adapter, built for these dependencies. */
export function buildProviders(deps: ProviderDeps): Map<string, PaymentProvider> {
  const built = new Map<string, PaymentProvider>();
  for (const [name, f] of factories) {
    const p = f(deps);
    if (p) built.set(name, p);
  }
  return built;
}
