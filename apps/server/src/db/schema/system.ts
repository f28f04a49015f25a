/** The migration runner’s own record (db/migrate.ts). */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

export const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  appliedAt: ts('applied_at').notNull().defaultNow(),
});
