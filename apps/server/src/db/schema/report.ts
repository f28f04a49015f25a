/** Report tables (migrations 0850, 0851, 0890, 0891): the business-day setting, dirty marks and the daily rollups. */
import { bigint, date, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

const fen = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const dayKey = () => ({ netbarId: integer('netbar_id').notNull(), day: date('day').notNull() });

export const reportSettings = pgTable('report_settings', {
  netbarId: integer('netbar_id').primaryKey(),
  dayStartMinute: integer('day_start_minute').notNull().default(480),
  updatedBy: text('updated_by').notNull().default(''),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const reportDirty = pgTable(
  'report_dirty',
  { ...dayKey(), markedAt: ts('marked_at').notNull().defaultNow() },
  (t) => [primaryKey({ columns: [t.netbarId, t.day] })],
);

export const reportStoreDay = pgTable(
  'report_store_day',
  {
    ...dayKey(),
    onlineFen: fen('online_fen'),
    goodsFen: fen('goods_fen'),
    deskFen: fen('desk_fen'),
    leaseFen: fen('lease_fen'),
    orders: integer('orders').notNull().default(0),
    topupFen: fen('topup_fen'),
    bonusFen: fen('bonus_fen'),
    topups: integer('topups').notNull().default(0),
    refundFen: fen('refund_fen'),
    cashFen: fen('cash_fen'),
    scanFen: fen('scan_fen'),
    memberFen: fen('member_fen'),
    sessions: integer('sessions').notNull().default(0),
    sessionMinutes: fen('session_minutes'),
    newMembers: integer('new_members').notNull().default(0),
    returningMembers: integer('returning_members').notNull().default(0),
    /** 历史导入 online collection paid that day (migration 1200, decision 194) */
    importedFen: fen('imported_fen'),
  },
  (t) => [primaryKey({ columns: [t.netbarId, t.day] })],
);

export const reportGoodsDay = pgTable(
  'report_goods_day',
  {
    ...dayKey(),
    goodsId: integer('goods_id').notNull(),
    groupId: integer('group_id').notNull().default(0),
    source: text('source').notNull(),
    qty: fen('qty'),
    refundedQty: fen('refunded_qty'),
    revenueFen: fen('revenue_fen'),
    refundedFen: fen('refunded_fen'),
    costFen: fen('cost_fen'),
  },
  (t) => [primaryKey({ columns: [t.netbarId, t.day, t.goodsId, t.groupId, t.source] })],
);

export const reportAreaDay = pgTable(
  'report_area_day',
  {
    ...dayKey(),
    areaId: integer('area_id').notNull(),
    sessions: integer('sessions').notNull().default(0),
    minutes: fen('minutes'),
    feeFen: fen('fee_fen'),
  },
  (t) => [primaryKey({ columns: [t.netbarId, t.day, t.areaId] })],
);

export const reportPayDay = pgTable(
  'report_pay_day',
  {
    ...dayKey(),
    method: text('method').notNull(),
    kind: text('kind').notNull(),
    amountFen: fen('amount_fen'),
    moves: integer('moves').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.netbarId, t.day, t.method, t.kind] })],
);

const minutes = (name: string) => numeric(name).notNull().default('0');

/** 上机统计 (240): per machine and business day (decision 159). */
export const reportMachineDay = pgTable(
  'report_machine_day',
  {
    ...dayKey(),
    machineId: integer('machine_id').notNull(),
    sessions: integer('sessions').notNull().default(0),
    minutes: minutes('minutes'),
    lengthMinutes: minutes('length_minutes'),
    feeFen: fen('fee_fen'),
  },
  (t) => [primaryKey({ columns: [t.netbarId, t.day, t.machineId] })],
);

/** 上机统计's heat map: machine-minutes per clock hour (its start) and business day (decision 159). */
export const reportHourDay = pgTable(
  'report_hour_day',
  { ...dayKey(), hourAt: ts('hour_at').notNull(), minutes: minutes('minutes') },
  (t) => [primaryKey({ columns: [t.netbarId, t.day, t.hourAt] })],
);

/** 上机统计's members: who had a session started on each business day (decision 159). */
export const reportMemberDay = pgTable(
  'report_member_day',
  { ...dayKey(), memberId: integer('member_id').notNull() },
  (t) => [primaryKey({ columns: [t.netbarId, t.day, t.memberId] })],
);
