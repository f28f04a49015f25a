/** Daily reconciliation (migration 0945, decision 168): runs, their differences and the statement's staging. */
import { bigint, bigserial, date, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const reconcileRuns = pgTable(
  'reconcile_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    provider: text('provider').notNull(),
    status: text('status').notNull().default('进行中'),
    statementLines: integer('statement_lines').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    missingOurs: integer('missing_ours').notNull().default(0),
    missingTheirs: integer('missing_theirs').notNull().default(0),
    amountMismatch: integer('amount_mismatch').notNull().default(0),
    statusMismatch: integer('status_mismatch').notNull().default(0),
    theirPayFen: bigint('their_pay_fen', { mode: 'number' }).notNull().default(0),
    theirRefundFen: bigint('their_refund_fen', { mode: 'number' }).notNull().default(0),
    ourPayFen: bigint('our_pay_fen', { mode: 'number' }).notNull().default(0),
    ourRefundFen: bigint('our_refund_fen', { mode: 'number' }).notNull().default(0),
    error: text('error').notNull().default(''),
    startedBy: integer('started_by').notNull().default(0),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [unique().on(t.day, t.provider)],
);

export const reconcileDiffs = pgTable('reconcile_diffs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  runId: bigint('run_id', { mode: 'number' }).notNull(),
  kind: text('kind').notNull(),
  lineKind: text('line_kind').notNull(),
  paymentNo: text('payment_no').notNull().default(''),
  refundNo: text('refund_no').notNull().default(''),
  txnId: text('txn_id').notNull().default(''),
  netbarId: integer('netbar_id'),
  ourAmountFen: bigint('our_amount_fen', { mode: 'number' }),
  theirAmountFen: bigint('their_amount_fen', { mode: 'number' }),
  ourStatus: text('our_status').notNull().default(''),
  at: ts('at'),
});

export const reconcileStaging = pgTable('reconcile_staging', {
  runId: bigint('run_id', { mode: 'number' }).notNull(),
  lineKind: text('line_kind').notNull(),
  paymentNo: text('payment_no').notNull(),
  txnId: text('txn_id').notNull(),
  refundNo: text('refund_no').notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  at: ts('at').notNull(),
});
