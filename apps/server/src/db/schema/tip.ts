/** Tips (migration 0820): the staff tip ledger and its running figures per staff member and store. */
import { bigint, bigserial, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const tipLedger = pgTable('tip_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  staffUserId: integer('staff_user_id').notNull(),
  staffName: text('staff_name').notNull(),
  kind: text('kind').notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  tippedAfter: bigint('tipped_after', { mode: 'number' }).notNull(),
  paidAfter: bigint('paid_after', { mode: 'number' }).notNull(),
  source: text('source').notNull().default(''),
  memberId: integer('member_id'),
  memberLedgerId: bigint('member_ledger_id', { mode: 'number' }),
  machineId: integer('machine_id'),
  machineName: text('machine_name').notNull().default(''),
  shiftId: bigint('shift_id', { mode: 'number' }),
  tillLedgerId: bigint('till_ledger_id', { mode: 'number' }),
  remark: text('remark').notNull().default(''),
  userId: integer('user_id').notNull().default(0),
  userName: text('user_name').notNull().default(''),
  requestId: text('request_id').notNull(),
  at: ts('at').notNull().defaultNow(),
});

export const tipBalances = pgTable(
  'tip_balances',
  {
    netbarId: integer('netbar_id').notNull(),
    staffUserId: integer('staff_user_id').notNull(),
    tippedFen: bigint('tipped_fen', { mode: 'number' }).notNull().default(0),
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull().default(0),
    tips: integer('tips').notNull().default(0),
    lastLedgerId: bigint('last_ledger_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.netbarId, t.staffUserId] })],
);
