import { integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const notices = pgTable('notices', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  userTypes: smallint('user_types').array().notNull(),
  status: text('status').$type<'draft' | 'published' | 'withdrawn'>().notNull().default('draft'),
  publishTime: ts('publish_time'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id').notNull(),
    userId: integer('user_id').notNull(),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);
