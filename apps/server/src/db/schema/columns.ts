/**
 * Column groups the tables repeat, one definition each (a function: Drizzle columns cannot be shared
 * between tables). Spread them first in a table: `pgTable('x', { ...storeRow(), name: …, ...createdAt() })`.
 */
import { sql } from 'drizzle-orm';
import { integer, jsonb, serial, timestamp } from 'drizzle-orm/pg-core';

/** A timestamptz read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The head of a per-store table: a serial id and the owning netbar. */
export const storeRow = () => ({
  id: serial('id').primaryKey(),
  netbarId: integer('netbar_id').notNull(),
});

/** `created_at timestamptz not null default now()`. */
export const createdAt = () => ({ createdAt: ts('created_at').notNull().defaultNow() });

/** `created_at` and `updated_at`, both `not null default now()`. */
export const timestamps = () => ({ ...createdAt(), updatedAt: ts('updated_at').notNull().defaultNow() });

/** A JSON array column, `not null default '[]'`. */
export const jsonList = (name: string) => jsonb(name).notNull().default(sql`'[]'::jsonb`);
