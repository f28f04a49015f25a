/** 线上红包 releases told to the PCs (migration 1041, decision 183). */
import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const activityEnvelopeReleases = pgTable(
  'activity_envelope_releases',
  {
    activityId: integer('activity_id').notNull(),
    day: date('day').notNull(),
    windowFrom: text('window_from').notNull().default(''),
    machines: integer('machines').notNull().default(0),
    releasedAt: ts('released_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.day, t.windowFrom] })],
);
