/** Payments (migration 0900, decisions 160-161): payments, notifications, refunds and the sandbox acquirer. */
import { bigint, bigserial, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const payments = pgTable('payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  paymentNo: text('payment_no').notNull().unique(),
  netbarId: integer('netbar_id').notNull(),
  purpose: text('purpose').notNull(),
  purposeRef: text('purpose_ref').notNull(),
  subject: text('subject').notNull().default(''),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
  method: text('method').notNull(),
  provider: text('provider').notNull(),
  status: text('status').notNull().default('待支付'),
  providerTxnId: text('provider_txn_id').unique(),
  qrPayload: text('qr_payload').notNull().default(''),
  cashierUrl: text('cashier_url').notNull().default(''),
  duplicate: boolean('duplicate').notNull().default(false),
  paidAt: ts('paid_at'),
  closedAt: ts('closed_at'),
  expiresAt: ts('expires_at').notNull(),
  requestId: text('request_id').notNull(),
  createdBy: integer('created_by').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const paymentNotifications = pgTable('payment_notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  provider: text('provider').notNull(),
  paymentNo: text('payment_no'),
  providerTxnId: text('provider_txn_id'),
  nonce: text('nonce').notNull().default(''),
  sentAt: ts('sent_at'),
  amountFen: bigint('amount_fen', { mode: 'number' }),
  verified: boolean('verified').notNull(),
  outcome: text('outcome').notNull(),
  reason: text('reason').notNull().default(''),
  body: text('body').notNull().default(''),
  ip: text('ip').notNull().default(''),
  receivedAt: ts('received_at').notNull().defaultNow(),
});

export const paymentNotifyNonces = pgTable(
  'payment_notify_nonces',
  {
    provider: text('provider').notNull(),
    nonce: text('nonce').notNull(),
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.nonce] })],
);

export const paymentRefunds = pgTable('payment_refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
  netbarId: integer('netbar_id').notNull(),
  refundNo: text('refund_no').notNull().unique(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  status: text('status').notNull().default('处理中'),
  providerRefundId: text('provider_refund_id'),
  reason: text('reason').notNull().default(''),
  automatic: boolean('automatic').notNull().default(false),
  requestId: text('request_id').notNull(),
  createdBy: integer('created_by').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  doneAt: ts('done_at'),
});

export const paymentProviderChoice = pgTable(
  'payment_provider_choice',
  {
    netbarId: integer('netbar_id').notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.netbarId, t.method] })],
);

export const sandboxTxns = pgTable('sandbox_txns', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  txnId: text('txn_id').notNull().unique(),
  outTradeNo: text('out_trade_no').notNull().unique(),
  netbarId: integer('netbar_id').notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  subject: text('subject').notNull().default(''),
  state: text('state').notNull().default('NOTPAY'),
  refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
  notifyUrl: text('notify_url').notNull(),
  expiresAt: ts('expires_at').notNull(),
  paidAt: ts('paid_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** 付款码 waiting for the customer's confirmation (migration 1021, decision 182). */
  micropayPending: boolean('micropay_pending').notNull().default(false),
});

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  refundId: text('refund_id').notNull().unique(),
  outRefundNo: text('out_refund_no').notNull().unique(),
  txnId: text('txn_id').notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const sandboxNotifyQueue = pgTable('sandbox_notify_queue', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  txnId: text('txn_id').notNull(),
  notifyUrl: text('notify_url').notNull(),
  attempts: integer('attempts').notNull().default(0),
  nextAt: ts('next_at').notNull().defaultNow(),
  ackedAt: ts('acked_at'),
  gaveUpAt: ts('gave_up_at'),
  lastAnswer: text('last_answer').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});
