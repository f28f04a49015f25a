/** 数据导入 from a file (migration 1110, decision 190): one row per uploaded file and its progress. */
import { bigint, bigserial, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, jsonList, ts } from './columns.ts';

const big = (name: string) => bigint(name, { mode: 'number' });

export const fileImportJobs = pgTable('file_import_jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  poolId: integer('pool_id').notNull(),
  kind: text('kind').notNull(),
  preset: text('preset').notNull().default('generic'),
  filename: text('filename').notNull().default(''),
  filePath: text('file_path').notNull(),
  size: big('size').notNull().default(0),
  format: text('format').notNull(),
  encoding: text('encoding').notNull().default('utf8'),
  headers: jsonList('headers'),
  mapping: jsonb('mapping').notNull().default({}),
  status: text('status').notNull().default('uploaded'),
  checkTally: jsonb('check_tally'),
  problems: jsonList('problems'),
  batchSize: integer('batch_size').notNull().default(1000),
  batchesDone: integer('batches_done').notNull().default(0),
  doneRows: integer('done_rows').notNull().default(0),
  doneCreate: integer('done_create').notNull().default(0),
  doneUpdate: integer('done_update').notNull().default(0),
  doneSkip: integer('done_skip').notNull().default(0),
  donePrincipalFen: big('done_principal_fen').notNull().default(0),
  doneBonusFen: big('done_bonus_fen').notNull().default(0),
  donePoints: big('done_points').notNull().default(0),
  error: text('error').notNull().default(''),
  userId: integer('user_id').notNull().default(0),
  userName: text('user_name').notNull().default(''),
  ...createdAt(),
  heartbeatAt: ts('heartbeat_at'),
  finishedAt: ts('finished_at'),
});

export const fileImportRows = pgTable(
  'file_import_rows',
  {
    jobId: big('job_id').notNull(),
    row: integer('row').notNull(),
    outcome: text('outcome').notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.row] })],
);
