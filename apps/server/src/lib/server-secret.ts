import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import { newSecret } from './crypto.ts';

/**
 * A server secret kept in the database (the kv table, never expiring), created on first use. Every
 * process on the same database reads the same value, and it never sits in Redis beside what it
 * protects (docs/decisions/055-captcha-hmac-and-api-docs.md).
 */
export async function persistedSecret(db: Db, name: string): Promise<string> {
  const key = `secret:${name}`;
  await rows(
    db,
    sql`insert into kv (key, value, expires_at) values (${key}, to_jsonb(${newSecret()}::text), null)
        on conflict (key) do nothing`,
  );
  const r = await rows<{ v: string }>(db, sql`select value #>> '{}' as v from kv where key = ${key}`);
  return r[0]!.v;
}
