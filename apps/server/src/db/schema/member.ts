/** Member tables (migration 0610): settings, levels, members, the append-only ledger, redemptions. */
import {
  bigint,
  bigserial,
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

export const memberSettings = pgTable('member_settings', {
  netbarId: integer('netbar_id').primaryKey(),
  deductOrder: text('deduct_order').notNull().default('bonus_first'),
  chainShared: boolean('chain_shared').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const memberLevels = pgTable('member_levels', {
  id: serial('id').primaryKey(),
  poolId: integer('pool_id').notNull(),
  name: text('name').notNull(),
  thresholdFen: big('threshold_fen').notNull().default(0),
  rateDiscount: integer('rate_discount').notNull().default(100),
  memberPrice: boolean('member_price').notNull().default(false),
  pointsPerYuan: integer('points_per_yuan').notNull().default(0),
  bonusRules: jsonb('bonus_rules').notNull().default([]),
  overdraftFen: big('overdraft_fen').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const members = pgTable('members', {
  id: serial('id').primaryKey(),
  poolId: integer('pool_id').notNull(),
  netbarId: integer('netbar_id').notNull(),
  cardKind: smallint('card_kind').notNull().default(2),
  cardEnc: text('card_enc').notNull(),
  cardHmac: text('card_hmac').notNull(),
  cardMask: text('card_mask').notNull(),
  name: text('name').notNull(),
  mobile: text('mobile').notNull().default(''),
  levelId: integer('level_id').notNull(),
  principalFen: big('principal_fen').notNull().default(0),
  bonusFen: big('bonus_fen').notNull().default(0),
  points: big('points').notNull().default(0),
  topupTotalFen: big('topup_total_fen').notNull().default(0),
  status: smallint('status').notNull().default(1),
  remark: text('remark').notNull().default(''),
  createdBy: integer('created_by'),
  createdByName: text('created_by_name').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  lastVisitAt: ts('last_visit_at'),
  lastLedgerId: big('last_ledger_id'),
});

export const memberLedger = pgTable('member_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  poolId: integer('pool_id').notNull(),
  netbarId: integer('netbar_id').notNull(),
  memberId: integer('member_id').notNull(),
  kind: text('kind').notNull(),
  principalDelta: big('principal_delta').notNull().default(0),
  principalBefore: big('principal_before').notNull(),
  principalAfter: big('principal_after').notNull(),
  bonusDelta: big('bonus_delta').notNull().default(0),
  bonusBefore: big('bonus_before').notNull(),
  bonusAfter: big('bonus_after').notNull(),
  pointsDelta: big('points_delta').notNull().default(0),
  pointsBefore: big('points_before').notNull(),
  pointsAfter: big('points_after').notNull(),
  payMethod: text('pay_method').notNull().default(''),
  paidFen: big('paid_fen').notNull().default(0),
  orderId: big('order_id'),
  sessionId: big('session_id'),
  shiftId: big('shift_id'),
  refNo: text('ref_no').notNull().default(''),
  remark: text('remark').notNull().default(''),
  userId: integer('user_id').notNull().default(0),
  userName: text('user_name').notNull().default(''),
  requestId: text('request_id').notNull(),
  seq: smallint('seq').notNull().default(1),
  at: ts('at').notNull().defaultNow(),
});

export const memberRedemptions = pgTable('member_redemptions', {
  id: serial('id').primaryKey(),
  poolId: integer('pool_id').notNull(),
  netbarId: integer('netbar_id').notNull(),
  memberId: integer('member_id').notNull(),
  ledgerId: big('ledger_id').notNull(),
  kind: text('kind').notNull(),
  points: big('points').notNull(),
  bonusFen: big('bonus_fen').notNull().default(0),
  minutes: integer('minutes').notNull().default(0),
  skuId: integer('sku_id'),
  goodsName: text('goods_name').notNull().default(''),
  qty: integer('qty').notNull().default(0),
  remark: text('remark').notNull().default(''),
  userId: integer('user_id').notNull().default(0),
  userName: text('user_name').notNull().default(''),
  at: ts('at').notNull().defaultNow(),
});
