import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';

/** The code of the newest outbox message to an address (tests read what a user would receive). */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  const r = await rows<{ content: string }>(
    t.database.db,
    sql`select content from outbox where to_addr = ${to} order by id desc limit 1`,
  );
  const code = /(\d{6})/.exec(r[0]?.content ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${to}`);
  return code;
}

export async function countOf(t: TestApp, table: string, where = 'true'): Promise<number> {
  const r = await rows<{ n: number }>(
    t.database.db,
    sql.raw(`select count(*)::int as n from ${table} where ${where}`),
  );
  return r[0]?.n ?? 0;
}
