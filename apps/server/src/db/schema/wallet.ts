/** Wallet tables (migrations 0300, 0310, 0500): balances, the append-only ledger, recharge and consumption orders, product editions. */
import { bigint, bigserial, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const wallets = pgTable('wallets', {
  agentId: integer('agent_id').primaryKey(),
  balanceFen: bigint('balance_fen', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const walletLedger = pgTable('wallet_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  agentId: integer('agent_id').notNull(),
  kind: text('kind').notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  balanceAfterFen: bigint('balance_after_fen', { mode: 'number' }).notNull(),
  ref: text('ref').notNull().default(''),
  reason: text('reason').notNull().default(''),
  createdBy: integer('created_by'),
  requestId: text('request_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const rechargeOrders = pgTable('recharge_orders', {
  id: serial('id').primaryKey(),
  orderNo: text('order_no').notNull(),
  agentId: integer('agent_id').notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  status: smallint('status').notNull().default(0),
  remark: text('remark').notNull().default(''),
  transferRef: text('transfer_ref').notNull().default(''),
  reason: text('reason').notNull().default(''),
  requestId: text('request_id').notNull(),
  createdBy: integer('created_by').notNull(),
  confirmedBy: integer('confirmed_by'),
  confirmedAt: ts('confirmed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const consumptionOrders = pgTable('consumption_orders', {
  id: serial('id').primaryKey(),
  orderNo: text('order_no').notNull(),
  agentId: integer('agent_id').notNull(),
  netbarId: integer('netbar_id').notNull(),
  productId: integer('product_id').notNull(),
  productName: text('product_name').notNull(),
  months: integer('months').notNull(),
  machineCount: integer('machine_count').notNull(),
  unitPriceFen: bigint('unit_price_fen', { mode: 'number' }).notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  status: smallint('status').notNull().default(0),
  oldExpireAt: ts('old_expire_at'),
  newExpireAt: ts('new_expire_at'),
  createdBy: integer('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  paidAt: ts('paid_at'),
  requestId: text('request_id'),
});

export const productEditions = pgTable('product_editions', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  priceFen: bigint('price_fen', { mode: 'number' }).notNull(),
  description: text('description').notNull().default(''),
  status: smallint('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
});
