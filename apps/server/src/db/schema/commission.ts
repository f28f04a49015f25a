/** Commission rules of netbar staff (migration 0810). */
import { date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { storeRow, timestamps } from './columns.ts';

export const commissionRules = pgTable('commission_rules', {
  ...storeRow(),
  targetType: text('target_type').notNull(),
  role: text('role'),
  userId: integer('user_id'),
  kind: text('kind').notNull(),
  rateBp: integer('rate_bp').notNull().default(0),
  amountFen: integer('amount_fen').notNull().default(0),
  startDay: date('start_day', { mode: 'string' }).notNull(),
  endDay: date('end_day', { mode: 'string' }),
  remark: text('remark').notNull().default(''),
  updatedBy: text('updated_by').notNull().default(''),
  ...timestamps(),
});
