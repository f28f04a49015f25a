/** Shift tables (migrations 0700, 0720): shifts, the till ledger and the handover settings. */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { jsonList, ts } from './columns.ts';

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
  // migration 0720: handover, approval, automatic handover
  closedHow: text('closed_how').notNull().default(''),
  handoverDueAt: ts('handover_due_at'),
  approvalStatus: text('approval_status').notNull().default(''),
  approvedAt: ts('approved_at'),
  approvalRemark: text('approval_remark').notNull().default(''),
  handoverRequestId: text('handover_request_id'),
  carriedOrderIds: jsonList('carried_order_ids'),
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

export const shiftSettings = pgTable('shift_settings', {
  netbarId: integer('netbar_id').primaryKey(),
  autoTimes: jsonList('auto_times'),
  countRequired: boolean('count_required').notNull().default(false),
  approval: text('approval').notNull().default('none'),
  lastAutoAt: ts('last_auto_at'),
  updatedBy: text('updated_by').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
