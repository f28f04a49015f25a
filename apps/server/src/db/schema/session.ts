/** Session tables (migration 0630): rate plans and online sessions. */
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const ratePlans = pgTable('rate_plans', {
  id: serial('id').primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  areaId: integer('area_id'),
  levelId: integer('level_id'),
  name: text('name').notNull(),
  rules: jsonb('rules').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedBy: text('updated_by').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const onlineSessions = pgTable('online_sessions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  memberId: integer('member_id').notNull(),
  machineId: integer('machine_id').notNull(),
  areaId: integer('area_id').notNull(),
  planId: integer('plan_id'),
  planName: text('plan_name').notNull(),
  rules: jsonb('rules').notNull(),
  source: text('source').notNull(),
  startedAt: ts('started_at').notNull().defaultNow(),
  lastCheckpointAt: ts('last_checkpoint_at').notNull().defaultNow(),
  checkpointSeq: integer('checkpoint_seq').notNull().default(0),
  chargedFen: bigint('charged_fen', { mode: 'number' }).notNull().default(0),
  billedMinutes: integer('billed_minutes').notNull().default(0),
  /** Of the billed minutes, how many the member's free minutes paid for (decision 109). */
  freeMinutes: integer('free_minutes').notNull().default(0),
  warnedAt: ts('warned_at'),
  endedAt: ts('ended_at'),
  endReason: text('end_reason'),
  startedBy: text('started_by').notNull().default(''),
  endedBy: text('ended_by').notNull().default(''),
});

export type RatePlanRecord = typeof ratePlans.$inferSelect;
export type OnlineSessionRecord = typeof onlineSessions.$inferSelect;
