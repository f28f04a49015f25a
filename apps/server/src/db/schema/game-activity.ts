/** 赛事活动: game activities, their tasks, results and task payouts (migration 1010, decision 181). */
import { bigint, bigserial, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const activityGames = pgTable('activity_games', {
  activityId: integer('activity_id').primaryKey(),
  gameType: text('game_type').notNull(),
});

export const activityGameTasks = pgTable('activity_game_tasks', {
  prizeId: integer('prize_id').primaryKey(),
  activityId: integer('activity_id').notNull(),
  metric: text('metric').notNull(),
  target: integer('target').notNull(),
  period: text('period').notNull(),
});

export const gameResults = pgTable('game_results', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  activityId: integer('activity_id').notNull(),
  netbarId: integer('netbar_id').notNull(),
  memberId: integer('member_id').notNull(),
  machineId: integer('machine_id'),
  metric: text('metric').notNull(),
  value: integer('value').notNull(),
  day: date('day').notNull(),
  status: text('status').notNull(),
  screenshot: text('screenshot').notNull().default(''),
  remark: text('remark').notNull().default(''),
  reviewedBy: integer('reviewed_by'),
  reviewedByName: text('reviewed_by_name').notNull().default(''),
  reviewedAt: ts('reviewed_at'),
  requestId: text('request_id').notNull(),
  at: ts('at').notNull().defaultNow(),
});

export const gameTaskPayouts = pgTable(
  'game_task_payouts',
  {
    prizeId: integer('prize_id').notNull(),
    memberId: integer('member_id').notNull(),
    periodKey: text('period_key').notNull(),
    claimId: bigint('claim_id', { mode: 'number' }).notNull(),
    resultId: bigint('result_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.prizeId, t.memberId, t.periodKey] })],
);
