/** Application centre and activity engine (migration 0970, decisions 173 and 174). */
import {
  bigint,
  bigserial,
  boolean,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
} from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const storeApps = pgTable(
  'store_apps',
  {
    netbarId: integer('netbar_id').notNull(),
    app: text('app').notNull(),
    enabled: boolean('enabled').notNull(),
    productId: integer('product_id'),
    priceFen: bigint('price_fen', { mode: 'number' }).notNull().default(0),
    updatedBy: integer('updated_by').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.netbarId, t.app] })],
);

export const activities = pgTable('activities', {
  id: serial('id').primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  scope: text('scope').notNull().default('store'),
  status: text('status').notNull().default('draft'),
  pausedByApp: boolean('paused_by_app').notNull().default(false),
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  windows: jsonb('windows').notNull(),
  audience: jsonb('audience').notNull(),
  perDayLimit: integer('per_day_limit').notNull().default(0),
  perMemberLimit: integer('per_member_limit').notNull().default(0),
  budgetFen: bigint('budget_fen', { mode: 'number' }).notNull().default(0),
  spentFen: bigint('spent_fen', { mode: 'number' }).notNull().default(0),
  claims: integer('claims').notNull().default(0),
  priceKind: text('price_kind').notNull().default('none'),
  priceAmount: bigint('price_amount', { mode: 'number' }).notNull().default(0),
  thresholdFen: bigint('threshold_fen', { mode: 'number' }).notNull().default(0),
  createdBy: integer('created_by').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const activityPrizes = pgTable('activity_prizes', {
  id: serial('id').primaryKey(),
  activityId: integer('activity_id').notNull(),
  seq: smallint('seq').notNull(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  goodsId: integer('goods_id'),
  costFen: bigint('cost_fen', { mode: 'number' }).notNull(),
  quantity: integer('quantity').notNull(),
  issued: integer('issued').notNull().default(0),
  oddsBp: integer('odds_bp'),
  streakDay: smallint('streak_day'),
  amountMax: bigint('amount_max', { mode: 'number' }),
  /** a coupon prize's template (migration 1071, decision 186) */
  couponTemplateId: integer('coupon_template_id'),
});

export const activityClaims = pgTable('activity_claims', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  activityId: integer('activity_id').notNull(),
  netbarId: integer('netbar_id').notNull(),
  poolId: integer('pool_id').notNull(),
  memberId: integer('member_id').notNull(),
  machineId: integer('machine_id'),
  day: date('day').notNull(),
  prizeId: integer('prize_id'),
  prizeKind: text('prize_kind').notNull().default(''),
  amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  costFen: bigint('cost_fen', { mode: 'number' }).notNull().default(0),
  paidKind: text('paid_kind').notNull().default('none'),
  paidAmount: bigint('paid_amount', { mode: 'number' }).notNull().default(0),
  streak: integer('streak').notNull().default(0),
  memberLedgerId: bigint('member_ledger_id', { mode: 'number' }),
  requestId: text('request_id').notNull(),
  at: ts('at').notNull().defaultNow(),
});

export const activityDraws = pgTable('activity_draws', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  claimId: bigint('claim_id', { mode: 'number' }).notNull(),
  activityId: integer('activity_id').notNull(),
  candidates: jsonb('candidates').notNull(),
  total: integer('total').notNull(),
  roll: integer('roll').notNull(),
  prizeId: integer('prize_id').notNull(),
  at: ts('at').notNull().defaultNow(),
});

/** 礼包码 and their single redemption (migration 0985, decision 177). */
export const activityCodes = pgTable('activity_codes', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  activityId: integer('activity_id').notNull(),
  netbarId: integer('netbar_id').notNull(),
  code: text('code').notNull(),
  batch: text('batch').notNull().default(''),
  createdBy: integer('created_by').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const activityCodeUses = pgTable('activity_code_uses', {
  codeId: bigint('code_id', { mode: 'number' }).primaryKey(),
  claimId: bigint('claim_id', { mode: 'number' }).notNull(),
  memberId: integer('member_id').notNull(),
  at: ts('at').notNull().defaultNow(),
});
