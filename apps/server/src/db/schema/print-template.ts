/** Receipt templates (migration 0750): a store's templates and its default per kind. */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { storeRow, timestamps, ts } from './columns.ts';

export const printTemplates = pgTable('print_templates', {
  ...storeRow(),
  kind: text('kind').notNull(),
  name: text('name').notNull(),
  paperMm: smallint('paper_mm').notNull(),
  title: text('title').notNull().default(''),
  header: text('header').notNull().default(''),
  footer: text('footer').notNull().default(''),
  fields: jsonb('fields').notNull().default(sql`'[]'::jsonb`),
  updatedBy: text('updated_by').notNull().default(''),
  ...timestamps(),
});

export const printTemplateDefaults = pgTable(
  'print_template_defaults',
  {
    netbarId: integer('netbar_id').notNull(),
    kind: text('kind').notNull(),
    templateId: integer('template_id').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.netbarId, t.kind] })],
);
