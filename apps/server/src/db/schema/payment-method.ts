/** Payment methods, quick payment and fixed QR codes of a store (migration 0910, decision 162). */
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, storeRow, timestamps, ts } from './columns.ts';

export const paymentMethods = pgTable('payment_methods', {
  ...storeRow(),
  payType: text('pay_type').notNull(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  cashier: boolean('cashier').notNull().default(true),
  client: boolean('client').notNull().default(false),
  provider: text('provider').notNull(),
  settings: jsonb('settings').notNull().default(sql`'{}'::jsonb`),
  updatedBy: text('updated_by').notNull().default(''),
  ...timestamps(),
});

export const paymentStoreSettings = pgTable('payment_store_settings', {
  netbarId: integer('netbar_id').primaryKey(),
  quickPayment: boolean('quick_payment').notNull().default(false),
  updatedBy: text('updated_by').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const fixedQrcodes = pgTable('fixed_qrcodes', {
  id: serial('id').primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  token: text('token').notNull(),
  status: smallint('status').notNull().default(0),
  reason: text('reason').notNull().default(''),
  appliedBy: text('applied_by').notNull().default(''),
  auditedByUserId: integer('audited_by_user_id'),
  auditedBy: text('audited_by').notNull().default(''),
  auditedAt: ts('audited_at'),
  ...createdAt(),
});
