/** The migration runner’s own record (db/migrate.ts). */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const schemaMigrations = pgTable('schema_migrations', {
  name: text('name').primaryKey(),
  appliedAt: ts('applied_at').notNull().defaultNow(),
});
