/** Equipment leasing (migration 0730): lease items, their quantity ledger and lease orders. */
import { bigint, bigserial, boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { storeRow, timestamps, ts } from './columns.ts';

export const leaseItems = pgTable('lease_items', {
  ...storeRow(),
  name: text('name').notNull(),
  depositFen: bigint('deposit_fen', { mode: 'number' }).notNull(),
  priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
  priceUnit: text('price_unit').notNull(),
  qtyOnHand: integer('qty_on_hand').notNull().default(0),
  qtyOut: integer('qty_out').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark').notNull().default(''),
  deleted: boolean('deleted').notNull().default(false),
  ...timestamps(),
});

export const leaseOrders = pgTable('lease_orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  leaseNo: text('lease_no').notNull(),
  itemId: integer('item_id').notNull(),
  itemName: text('item_name').notNull(),
  qty: integer('qty').notNull(),
  priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
  priceUnit: text('price_unit').notNull(),
  depositFen: bigint('deposit_fen', { mode: 'number' }).notNull(),
  payMethod: text('pay_method').notNull(),
  memberId: integer('member_id'),
  customerName: text('customer_name').notNull().default(''),
  customerPhone: text('customer_phone').notNull().default(''),
  status: text('status').notNull().default('renting'),
  lossKind: text('loss_kind'),
  rentedAt: ts('rented_at').notNull().defaultNow(),
  expectedReturnAt: ts('expected_return_at').notNull(),
  closedAt: ts('closed_at'),
  minutes: integer('minutes').notNull().default(0),
  feeFen: bigint('fee_fen', { mode: 'number' }).notNull().default(0),
  refundFen: bigint('refund_fen', { mode: 'number' }).notNull().default(0),
  extraFen: bigint('extra_fen', { mode: 'number' }).notNull().default(0),
  extraMethod: text('extra_method'),
  // 抹分 (0770): taken off the fee so the cash settles in whole 角
  roundFen: bigint('round_fen', { mode: 'number' }).notNull().default(0),
  cashierId: integer('cashier_id').notNull(),
  cashierName: text('cashier_name').notNull(),
  closedBy: text('closed_by').notNull().default(''),
  remark: text('remark').notNull().default(''),
  closeRemark: text('close_remark').notNull().default(''),
  requestId: text('request_id').notNull(),
  closeRequestId: text('close_request_id'),
});

export const leaseStockLedger = pgTable('lease_stock_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  itemId: integer('item_id').notNull(),
  kind: text('kind').notNull(),
  handDelta: integer('hand_delta').notNull(),
  handAfter: integer('hand_after').notNull(),
  outDelta: integer('out_delta').notNull(),
  outAfter: integer('out_after').notNull(),
  leaseId: bigint('lease_id', { mode: 'number' }),
  reason: text('reason').notNull().default(''),
  userId: integer('user_id').notNull().default(0),
  userName: text('user_name').notNull().default(''),
  requestId: text('request_id').notNull(),
  at: ts('at').notNull().defaultNow(),
});
