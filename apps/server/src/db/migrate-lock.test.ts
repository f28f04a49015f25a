import { readdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl, testDbName, withDatabase } from '../test/db-names.ts';
import { isPgMode } from '../test/harness.ts';
import { type Database, openDatabase, rows } from './client.ts';
import { migrate } from './migrate.ts';
import { migrationsDir } from './paths.ts';

/**
 * Issue 20 item 6 (decisions 193, 197): several processes starting together on a fresh PostgreSQL
 * database apply each migration once — `migrate` holds an advisory lock (Database.withLock), so the
 * second waits, then finds everything applied — and both come up.
 */
describe.skipIf(!isPgMode())('migrations under the advisory lock', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const name = testDbName();
  const open: Database[] = [];
  afterAll(async () => {
    await Promise.all(open.map((d) => d.close()));
    const admin = await openDatabase({ databaseUrl: adminUrl(url) });
    await admin.exec(`drop database if exists ${name} with (force)`);
    await admin.close();
  });

  it('two processes migrating a fresh database at once: each file applied once, both up', async () => {
    const admin = await openDatabase({ databaseUrl: adminUrl(url) });
    await admin.exec(`create database ${name}`);
    await admin.close();
    // two pools = two processes' connections
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl: withDatabase(url, name) }),
      openDatabase({ databaseUrl: withDatabase(url, name) }),
    ]);
    open.push(a!, b!);
    const t0 = Date.now();
    const [ranA, ranB] = await Promise.all([migrate(a!), migrate(b!)]);
    const files = readdirSync(migrationsDir()).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f));
    // one of them applied all, the other none (it waited for the lock, then found them done)
    expect([ranA.length, ranB.length].sort((x, y) => x - y)).toEqual([0, files.length]);
    const applied = await rows<{ n: number; distinct_n: number }>(
      b!.db,
      sql`select count(*)::int as n, count(distinct name)::int as distinct_n from schema_migrations`,
    );
    expect(applied[0]).toEqual({ n: files.length, distinct_n: files.length });
    // both are usable
    for (const d of [a!, b!]) await d.exec('select 1 from netbars limit 1');
    console.info(`[migrate-lock] ${files.length} migrations once, two at once in ${Date.now() - t0} ms`);
  });
});
