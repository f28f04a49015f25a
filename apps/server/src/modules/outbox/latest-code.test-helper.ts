import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';
import { testCodeKey, testHooksOn } from './test-codes.ts';

/**
 * The code of the newest message to an address (tests read what a user would receive): the outbox
 * holds only the masked text, so this reads what the test hook keeps (the app needs E2E_TEST_HOOKS=1).
 */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  if (!testHooksOn(t.config)) throw new Error('latestCode needs createTestApp({ E2E_TEST_HOOKS: "1" })');
  const code = (await t.app.deps.kv.get<{ code: string }>(testCodeKey(to)))?.code;
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
