/** 从旧系统导入 (migration 1140, decision 194): the dialog's import jobs and the 历史导入 collection records. */
import { bigint, bigserial, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, ts } from './columns.ts';

const big = (name: string) => bigint(name, { mode: 'number' });

export const legacyImportJobs = pgTable('legacy_import_jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  product: integer('product').notNull(),
  sourceStore: integer('source_store').notNull(),
  kind: text('kind').notNull(),
  status: text('status').notNull().default('running'),
  total: integer('total').notNull().default(0),
  com: integer('com').notNull().default(0),
  member: integer('member').notNull().default(0),
  rightCount: integer('right_count').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  fileJobId: big('file_job_id'),
  error: text('error').notNull().default(''),
  userId: integer('user_id').notNull().default(0),
  userName: text('user_name').notNull().default(''),
  ...createdAt(),
  finishedAt: ts('finished_at'),
  /** The running process's heartbeat (migration 1210). */
  beatAt: ts('beat_at').notNull().defaultNow(),
});

export const importedCollections = pgTable('imported_collections', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  product: integer('product').notNull(),
  sourceStore: integer('source_store').notNull(),
  tradeNo: text('trade_no').notNull(),
  paidAt: ts('paid_at').notNull(),
  amountFen: big('amount_fen').notNull(),
  method: text('method').notNull().default(''),
  payer: text('payer').notNull().default(''),
  jobId: big('job_id').notNull(),
  ...createdAt(),
});
