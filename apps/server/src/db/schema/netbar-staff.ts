/** Netbar staff (migration 0800): the stores a staff member works in; (0830) their roles by day. */
import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const netbarStaffStores = pgTable(
  'netbar_staff_stores',
  {
    userId: integer('user_id').notNull(),
    netbarId: integer('netbar_id').notNull(),
    ...createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.netbarId] })],
);

/** A role from a Shanghai day on (decision 149); written by triggers on `staff`. */
export const netbarStaffPositions = pgTable(
  'netbar_staff_positions',
  {
    userId: integer('user_id').notNull(),
    fromDay: date('from_day').notNull(),
    position: text('position').notNull(),
    ...createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.fromDay] })],
);
