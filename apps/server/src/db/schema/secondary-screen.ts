/** 副屏设置 (migration 1120, decision 191): a store's customer screen slideshow and link. */
import { sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const secondaryScreenSettings = pgTable('secondary_screen_settings', {
  netbarId: integer('netbar_id').primaryKey(),
  slides: jsonb('slides').notNull().default(sql`'[]'::jsonb`),
  startDate: date('start_date'),
  endDate: date('end_date'),
  windows: jsonb('windows').notNull().default(sql`'[]'::jsonb`),
  linkGen: integer('link_gen').notNull().default(0),
  linkOn: boolean('link_on').notNull().default(false),
  updatedBy: text('updated_by').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
