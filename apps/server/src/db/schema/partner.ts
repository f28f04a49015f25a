/** 合作平台账号 (migration 1150, decision 195): a product user's bound partner-platform account. */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const partnerBindings = pgTable('partner_bindings', {
  userId: integer('user_id').primaryKey(),
  netbarId: integer('netbar_id'),
  partnerUser: text('partner_user').notNull(),
  origin: text('origin').notNull(),
  boundAt: ts('bound_at').notNull().defaultNow(),
});
