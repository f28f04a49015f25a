/** Scan-to-pay at the counter (migration 0950, decision 169). */
import { bigint, bigserial, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const counterScanPays = pgTable('counter_scan_pays', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  purpose: text('purpose').notNull(),
  orderId: bigint('order_id', { mode: 'number' }),
  memberId: integer('member_id'),
  /** A table's bill (migration 1020, decision 182) and the minutes frozen when its QR was shown. */
  deskSessionId: bigint('desk_session_id', { mode: 'number' }),
  deskMinutes: integer('desk_minutes'),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  payType: text('pay_type').notNull(),
  paymentNo: text('payment_no').notNull().unique(),
  status: text('status').notNull().default('waiting'),
  cashierId: integer('cashier_id').notNull(),
  cashierName: text('cashier_name').notNull(),
  remark: text('remark').notNull().default(''),
  requestId: text('request_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  settledAt: ts('settled_at'),
});
