import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, rows } from './client.ts';
import { migrationsDir } from './paths.ts';

const LOCK_KEY = 727_001;

/**
 * Applies every `NNNN_name.sql` file in order, each once, each in its own transaction.
 * Migrations are hand-written SQL that PostgreSQL 15 runs (see docs/decisions/002-migrations.md).
 */
export async function migrate(database: Database, dir = migrationsDir()): Promise<string[]> {
  return database.withLock(LOCK_KEY, async () => {
    await database.exec(
      'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
    );
    const done = await rows<{ name: string }>(database.db, sql`select name from schema_migrations`);
    const applied = new Set(done.map((r) => r.name));
    const files = readdirSync(dir)
      .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
      .sort();
    const ran: string[] = [];
    for (const file of files) {
      if (applied.has(file)) continue;
      const body = readFileSync(join(dir, file), 'utf8');
      const name = file.replace(/'/g, "''");
      await database.exec(
        `begin;\n${body}\n;insert into schema_migrations(name) values ('${name}');\ncommit;`,
      );
      ran.push(file);
    }
    return ran;
  });
}
