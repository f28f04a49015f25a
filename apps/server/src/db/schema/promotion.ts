/** 营销活动 and 直播抽奖 settings on the activity engine (migration 0990, decision 178). */
import { bigint, date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const activitySettings = pgTable('activity_settings', {
  activityId: integer('activity_id').primaryKey(),
  promoMode: text('promo_mode').notNull().default(''),
  drawFrom: text('draw_from').notNull().default(''),
  drawnAt: ts('drawn_at'),
});

export const activityPrizeTiers = pgTable('activity_prize_tiers', {
  prizeId: integer('prize_id').primaryKey(),
  minTopupFen: bigint('min_topup_fen', { mode: 'number' }).notNull(),
});

export const memberBirthdays = pgTable('member_birthdays', {
  memberId: integer('member_id').primaryKey(),
  md: text('md').notNull(),
  /** The whole 生日 from the member form (migration 1040); null when only the month-day is known. */
  bornOn: date('born_on'),
});
