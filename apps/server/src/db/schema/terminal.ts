/** The live channel's messages (migration 0620): seat orders, service calls and broadcasts. */
import { bigint, bigserial, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const terminalMessages = pgTable('terminal_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  netbarId: integer('netbar_id').notNull(),
  kind: smallint('kind').notNull(),
  machine: text('machine').notNull().default(''),
  machineId: integer('machine_id'),
  payload: jsonb('payload').notNull().default({}),
  requestId: text('request_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  ackedAt: ts('acked_at'),
  ackedBy: integer('acked_by'),
  ackedName: text('acked_name').notNull().default(''),
  outSeq: bigint('out_seq', { mode: 'number' }),
});
