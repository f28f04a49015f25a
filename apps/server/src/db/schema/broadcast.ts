/** 语音播报设置 (migration 1100, decision 189): a store's announcement settings once saved. */
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const broadcastSettings = pgTable('broadcast_settings', {
  netbarId: integer('netbar_id').primaryKey(),
  events: jsonb('events').notNull().default(sql`'[]'::jsonb`),
  voice: text('voice').notNull().default(''),
  rateX10: smallint('rate_x10').notNull().default(10),
  volume: smallint('volume').notNull().default(100),
  repeatCount: smallint('repeat_count').notNull().default(1),
  quietEnabled: boolean('quiet_enabled').notNull().default(false),
  quietStart: text('quiet_start').notNull().default('23:00'),
  quietEnd: text('quiet_end').notNull().default('08:00'),
  updatedBy: text('updated_by').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
