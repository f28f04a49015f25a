/** Payment links (migration 0940, decision 167; member and order links 0980, decision 176). */
import { bigint, bigserial, boolean, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const payLinks = pgTable('pay_links', {
  id: serial('id').primaryKey(),
  token: text('token').notNull().unique(),
  netbarId: integer('netbar_id').notNull(),
  agentId: integer('agent_id'),
  purpose: text('purpose').notNull(),
  title: text('title').notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }),
  minFen: bigint('min_fen', { mode: 'number' }),
  maxFen: bigint('max_fen', { mode: 'number' }),
  singleUse: boolean('single_use').notNull().default(true),
  disabledAt: ts('disabled_at'),
  expiresAt: ts('expires_at').notNull(),
  paidCount: integer('paid_count').notNull().default(0),
  paidFen: bigint('paid_fen', { mode: 'number' }).notNull().default(0),
  createdBy: integer('created_by').notNull(),
  createdType: smallint('created_type').notNull(),
  requestId: text('request_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** A top-up link for one member (decision 176). */
  memberId: integer('member_id'),
  /** An order link: the unpaid order it pays (decision 176). */
  orderId: bigint('order_id', { mode: 'number' }),
});

export const payLinkPayments = pgTable('pay_link_payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  linkId: integer('link_id').notNull(),
  paymentNo: text('payment_no').notNull().unique(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  paidAt: ts('paid_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Who a top-up link's payment is for, written when the payer starts it (migration 0980, decision 176). */
export const payLinkIntents = pgTable('pay_link_intents', {
  paymentNo: text('payment_no').primaryKey(),
  linkId: integer('link_id').notNull(),
  memberId: integer('member_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
