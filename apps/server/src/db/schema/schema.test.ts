import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { rows } from '../client.ts';
import * as schema from './index.ts';

/** Every table of the migrated database has a Drizzle definition with the same columns. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const defined = new Map(
  (Object.values(schema) as unknown[])
    .filter((x): x is PgTable => is(x, PgTable))
    .map((table) => {
      const c = getTableConfig(table);
      return [c.name, new Map(c.columns.map((col) => [col.name, col.notNull]))] as const;
    }),
);

describe('db/schema', () => {
  it('defines every table of the migrated database, column for column, with the same NOT NULL', async () => {
    const cols = await rows<{ table_name: string; column_name: string; is_nullable: string }>(
      t.database.db,
      sql`select c.table_name, c.column_name, c.is_nullable from information_schema.columns c
          join information_schema.tables x using (table_schema, table_name)
          where c.table_schema = 'public' and x.table_type = 'BASE TABLE'
            and not exists (select 1 from pg_inherits i join pg_class p on p.oid = i.inhrelid where p.relname = c.table_name)
          order by 1, 2`,
    );
    const db = new Map<string, Map<string, boolean>>();
    for (const c of cols) {
      if (!db.has(c.table_name)) db.set(c.table_name, new Map());
      db.get(c.table_name)!.set(c.column_name, c.is_nullable === 'NO');
    }
    expect(db.size).toBeGreaterThan(30);
    const problems: string[] = [];
    for (const [table, columns] of db) {
      const d = defined.get(table);
      if (!d) {
        problems.push(`${table}: no Drizzle definition`);
        continue;
      }
      for (const [col, notNull] of columns) {
        if (!d.has(col)) problems.push(`${table}.${col}: missing in the definition`);
        else if (d.get(col) !== notNull) problems.push(`${table}.${col}: NOT NULL differs`);
      }
      for (const col of d.keys())
        if (!columns.has(col)) problems.push(`${table}.${col}: not in the database`);
    }
    for (const table of defined.keys())
      if (!db.has(table)) problems.push(`${table}: defined but not migrated`);
    expect(problems).toEqual([]);
  });
});
