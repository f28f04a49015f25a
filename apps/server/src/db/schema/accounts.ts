import { bigserial, date, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const outbox = pgTable('outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  channel: text('channel').$type<'sms' | 'email'>().notNull(),
  toAddr: text('to_addr').notNull(),
  purpose: text('purpose').notNull().default(''),
  subject: text('subject').notNull().default(''),
  content: text('content').notNull(),
  status: text('status').$type<'outbox' | 'sent' | 'failed'>().notNull(),
  error: text('error').notNull().default(''),
  ip: text('ip').notNull().default(''),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const agreements = pgTable('agreements', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  version: text('version').notNull(),
  effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
  status: text('status').$type<'draft' | 'published' | 'archived'>().notNull().default('draft'),
  publishedAt: ts('published_at'),
  updatedBy: integer('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
