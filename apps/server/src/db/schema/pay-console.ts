/** Refund requests (migration 0965, decision 172): a store asks, the payment company approves or rejects. */
import { bigint, bigserial, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const paymentRefundRequests = pgTable('payment_refund_requests', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
  netbarId: integer('netbar_id').notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  status: text('status').notNull().default('待审核'),
  rejectReason: text('reject_reason').notNull().default(''),
  refundNo: text('refund_no').notNull().default(''),
  requestId: text('request_id').notNull(),
  requestedBy: integer('requested_by').notNull().default(0),
  requestedByName: text('requested_by_name').notNull().default(''),
  decidedRequestId: text('decided_request_id').notNull().default(''),
  decidedBy: integer('decided_by').notNull().default(0),
  decidedAt: ts('decided_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
