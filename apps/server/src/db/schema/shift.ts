/** Shift tables (migration 0700): shifts and the till ledger. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const shifts = pgTable('shifts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  shiftNo: text('shift_no').notNull(),
  cashierId: integer('cashier_id').notNull(),
  cashierName: text('cashier_name').notNull(),
  floatFen: bigint('float_fen', { mode: 'number' }).notNull().default(0),
  openedHow: text('opened_how').notNull().default('counter'),
  prevShiftId: bigint('prev_shift_id', { mode: 'number' }),
  openedAt: ts('opened_at').notNull().defaultNow(),
  status: text('status').notNull().default('open'),
  closedAt: ts('closed_at'),
  closedBy: text('closed_by').notNull().default(''),
  expectedCashFen: bigint('expected_cash_fen', { mode: 'number' }),
  countedCashFen: bigint('counted_cash_fen', { mode: 'number' }),
  overShortFen: bigint('over_short_fen', { mode: 'number' }),
  overShortReason: text('over_short_reason').notNull().default(''),
  countDetail: jsonb('count_detail').notNull().default(sql`'[]'::jsonb`),
  floatLeftFen: bigint('float_left_fen', { mode: 'number' }),
  nextShiftId: bigint('next_shift_id', { mode: 'number' }),
  carriedOrders: integer('carried_orders').notNull().default(0),
  approvedBy: text('approved_by').notNull().default(''),
  remark: text('remark').notNull().default(''),
  requestId: text('request_id'),
});

export const tillLedger = pgTable('till_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  shiftId: bigint('shift_id', { mode: 'number' }).notNull(),
  kind: text('kind').notNull(),
  method: text('method').notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  refType: text('ref_type').notNull().default(''),
  refNo: text('ref_no').notNull().default(''),
  remark: text('remark').notNull().default(''),
  userId: integer('user_id').notNull().default(0),
  userName: text('user_name').notNull().default(''),
  requestId: text('request_id').notNull(),
  seq: smallint('seq').notNull().default(1),
  at: ts('at').notNull().defaultNow(),
});
