/** Private rooms and tables (migration 0740): desks, bookings, desk sessions and their goods orders. */
import { bigint, bigserial, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, storeRow, timestamps, ts } from './columns.ts';

export const desks = pgTable('desks', {
  ...storeRow(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  area: text('area').notNull().default(''),
  capacity: integer('capacity').notNull(),
  hourlyFen: integer('hourly_fen').notNull().default(0),
  minSpendFen: integer('min_spend_fen').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark').notNull().default(''),
  deleted: boolean('deleted').notNull().default(false),
  ...timestamps(),
});

export const deskBookings = pgTable('desk_bookings', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  deskId: integer('desk_id').notNull(),
  memberId: integer('member_id'),
  memberName: text('member_name').notNull().default(''),
  customerName: text('customer_name').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  startAt: ts('start_at').notNull(),
  endAt: ts('end_at').notNull(),
  status: text('status').notNull().default('booked'),
  remark: text('remark').notNull().default(''),
  cancelReason: text('cancel_reason').notNull().default(''),
  createdBy: text('created_by').notNull().default(''),
  ...createdAt(),
  endedAt: ts('ended_at'),
  requestId: text('request_id').notNull(),
});

export const deskSessions = pgTable('desk_sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  sessionNo: text('session_no').notNull(),
  deskId: integer('desk_id').notNull(),
  bookingId: bigint('booking_id', { mode: 'number' }),
  memberId: integer('member_id'),
  memberName: text('member_name').notNull().default(''),
  customerName: text('customer_name').notNull().default(''),
  mobile: text('mobile').notNull().default(''),
  guests: integer('guests').notNull().default(1),
  status: text('status').notNull().default('open'),
  hourlyFen: integer('hourly_fen').notNull(),
  minSpendFen: integer('min_spend_fen').notNull(),
  openedAt: ts('opened_at').notNull().defaultNow(),
  openedById: integer('opened_by_id').notNull(),
  openedBy: text('opened_by').notNull(),
  closedAt: ts('closed_at'),
  cashierId: integer('cashier_id').notNull(),
  cashierName: text('cashier_name').notNull(),
  minutes: integer('minutes').notNull().default(0),
  timeFeeFen: bigint('time_fee_fen', { mode: 'number' }).notNull().default(0),
  minTopupFen: bigint('min_topup_fen', { mode: 'number' }).notNull().default(0),
  goodsFen: bigint('goods_fen', { mode: 'number' }).notNull().default(0),
  totalFen: bigint('total_fen', { mode: 'number' }).notNull().default(0),
  // 抹分 (0770): the 分 a cash settlement could not take
  roundFen: bigint('round_fen', { mode: 'number' }).notNull().default(0),
  payMethod: text('pay_method').notNull().default(''),
  shiftId: bigint('shift_id', { mode: 'number' }),
  remark: text('remark').notNull().default(''),
  cancelReason: text('cancel_reason').notNull().default(''),
  requestId: text('request_id').notNull(),
  settleRequestId: text('settle_request_id'),
});

export const deskSessionOrders = pgTable(
  'desk_session_orders',
  {
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    orderId: bigint('order_id', { mode: 'number' }).notNull(),
    netbarId: integer('netbar_id').notNull(),
    ...createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.orderId] })],
);
