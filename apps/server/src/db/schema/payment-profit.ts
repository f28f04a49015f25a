/** Payment profit (migration 0960, decision 171): rates, settled days, their items, records and wallet credits. */
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const paymentProfitRates = pgTable('payment_profit_rates', {
  method: text('method').primaryKey(),
  feeRateBp: integer('fee_rate_bp').notNull(),
  shareBp: integer('share_bp').notNull(),
  updatedBy: text('updated_by').notNull().default(''),
  updatedAt: ts('updated_at'),
});

export const paymentProfitDays = pgTable('payment_profit_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  records: integer('records').notNull().default(0),
  netFen: bigint('net_fen', { mode: 'number' }).notNull().default(0),
  profitFen: bigint('profit_fen', { mode: 'number' }).notNull().default(0),
  settledBy: integer('settled_by').notNull().default(0),
  settledAt: ts('settled_at').notNull().defaultNow(),
});

export const paymentProfitItems = pgTable('payment_profit_items', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  day: date('day', { mode: 'string' }).notNull(),
  netbarId: integer('netbar_id').notNull(),
  method: text('method').notNull(),
  kind: text('kind').notNull(),
  paymentId: bigint('payment_id', { mode: 'number' }).notNull(),
  refundId: bigint('refund_id', { mode: 'number' }),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  carried: boolean('carried').notNull().default(false),
});

export const paymentProfitRecords = pgTable(
  'payment_profit_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day', { mode: 'string' }).notNull(),
    agentId: integer('agent_id').notNull(),
    netbarId: integer('netbar_id').notNull(),
    method: text('method').notNull(),
    payCount: integer('pay_count').notNull(),
    payFen: bigint('pay_fen', { mode: 'number' }).notNull(),
    refundCount: integer('refund_count').notNull(),
    refundFen: bigint('refund_fen', { mode: 'number' }).notNull(),
    carriedRefundCount: integer('carried_refund_count').notNull(),
    carriedRefundFen: bigint('carried_refund_fen', { mode: 'number' }).notNull(),
    netFen: bigint('net_fen', { mode: 'number' }).notNull(),
    feeRateBp: integer('fee_rate_bp').notNull(),
    shareBp: integer('share_bp').notNull(),
    feeFen: bigint('fee_fen', { mode: 'number' }).notNull(),
    profitFen: bigint('profit_fen', { mode: 'number' }).notNull(),
    note: text('note').notNull().default(''),
    settledAt: ts('settled_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.day, t.netbarId, t.method)],
);

export const paymentProfitCredits = pgTable(
  'payment_profit_credits',
  {
    agentId: integer('agent_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    profitFen: bigint('profit_fen', { mode: 'number' }).notNull(),
    carryInFen: bigint('carry_in_fen', { mode: 'number' }).notNull(),
    creditedFen: bigint('credited_fen', { mode: 'number' }).notNull(),
    carryOutFen: bigint('carry_out_fen', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day] })],
);
