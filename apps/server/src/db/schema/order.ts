/** Order tables (migration 0710): orders, lines, payments, refunds, timeline; goods returns to stock. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { jsonList, ts } from './columns.ts';

const fen = (name: string) => bigint(name, { mode: 'number' });
const ref = (name: string) => bigint(name, { mode: 'number' });

export const orders = pgTable('orders', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  orderNo: text('order_no').notNull(),
  source: text('source').notNull().default('counter'),
  status: text('status').notNull().default('unpaid'),
  shiftId: ref('shift_id'),
  cashierId: integer('cashier_id').notNull(),
  cashierName: text('cashier_name').notNull().default(''),
  memberId: integer('member_id'),
  machineId: integer('machine_id'),
  deskId: integer('desk_id'),
  listFen: fen('list_fen').notNull().default(0),
  discountFen: fen('discount_fen').notNull().default(0),
  totalFen: fen('total_fen').notNull(),
  paidFen: fen('paid_fen').notNull().default(0),
  refundedFen: fen('refunded_fen').notNull().default(0),
  // 抹分 (0770): the 分 the cash part could not take, off total_fen
  roundFen: fen('round_fen').notNull().default(0),
  // 优惠券 (1071, decision 186): the coupon the order used and what it took off
  couponId: ref('coupon_id'),
  couponName: text('coupon_name').notNull().default(''),
  couponFen: fen('coupon_fen').notNull().default(0),
  stockSaleId: integer('stock_sale_id'),
  remark: text('remark').notNull().default(''),
  requestId: text('request_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  paidAt: ts('paid_at'),
  doneAt: ts('done_at'),
  cancelledAt: ts('cancelled_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const orderLines = pgTable('order_lines', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: ref('order_id').notNull(),
  netbarId: integer('netbar_id').notNull(),
  // a SKU line or a goods-group (套餐) line, exactly one (0760)
  skuId: integer('sku_id'),
  groupId: integer('group_id'),
  goodsId: integer('goods_id').notNull(),
  name: text('name').notNull(),
  qty: integer('qty').notNull(),
  listFen: fen('list_fen').notNull(),
  unitFen: fen('unit_fen').notNull(),
  totalFen: fen('total_fen').notNull(),
  costFen: fen('cost_fen').notNull().default(0),
  edited: boolean('edited').notNull().default(false),
  promotionIds: jsonList('promotion_ids'),
  refundedQty: integer('refunded_qty').notNull().default(0),
  refundedFen: fen('refunded_fen').notNull().default(0),
  items: jsonList('items'),
});

export const orderPayments = pgTable('order_payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: ref('order_id').notNull(),
  netbarId: integer('netbar_id').notNull(),
  method: text('method').notNull(),
  amountFen: fen('amount_fen').notNull(),
  tenderedFen: fen('tendered_fen').notNull(),
  changeFen: fen('change_fen').notNull().default(0),
  refundedFen: fen('refunded_fen').notNull().default(0),
  shiftId: ref('shift_id'),
  memberLedgerId: ref('member_ledger_id'),
  payRef: text('pay_ref').notNull().default(''),
  requestId: text('request_id').notNull(),
  seq: smallint('seq').notNull().default(1),
  at: ts('at').notNull().defaultNow(),
});

export const orderRefunds = pgTable('order_refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: ref('order_id').notNull(),
  netbarId: integer('netbar_id').notNull(),
  refundNo: text('refund_no').notNull(),
  amountFen: fen('amount_fen').notNull(),
  reason: text('reason').notNull(),
  methods: jsonb('methods').notNull().default(sql`'[]'::jsonb`),
  shiftId: ref('shift_id'),
  stockRefundId: integer('stock_refund_id'),
  // what the lines' shares give back above the money returned (0770, signed)
  roundFen: fen('round_fen').notNull().default(0),
  userId: integer('user_id').notNull(),
  userName: text('user_name').notNull().default(''),
  requestId: text('request_id').notNull(),
  at: ts('at').notNull().defaultNow(),
});

export const orderRefundLines = pgTable(
  'order_refund_lines',
  {
    refundId: ref('refund_id').notNull(),
    lineId: ref('line_id').notNull(),
    qty: integer('qty').notNull(),
    amountFen: fen('amount_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.refundId, t.lineId] })],
);

export const orderEvents = pgTable('order_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: ref('order_id').notNull(),
  netbarId: integer('netbar_id').notNull(),
  kind: text('kind').notNull(),
  text: text('text').notNull().default(''),
  userId: integer('user_id').notNull().default(0),
  userName: text('user_name').notNull().default(''),
  at: ts('at').notNull().defaultNow(),
});

export const stockSaleRefunds = pgTable('stock_sale_refunds', {
  id: serial('id').primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  saleId: integer('sale_id').notNull(),
  requestId: text('request_id').notNull(),
  refundNo: text('refund_no').notNull(),
  lines: jsonb('lines').notNull(),
  userId: integer('user_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
