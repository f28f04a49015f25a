/** Netbar staff (migration 0800): the stores a staff member works in. */
import { integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
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
