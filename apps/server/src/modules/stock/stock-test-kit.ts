import { sql } from 'drizzle-orm';
import { rows } from '../../db/client.ts';
import type { TestApp } from '../../test/harness.ts';

/** The stock tests' one helper of their own (the rest is in test/kit.ts): a level's quantity. */
export async function level(t: TestApp, kind: string, id: number, location: string): Promise<number> {
  const r = await rows<{ qty: string }>(
    t.database.db,
    sql`select qty from stock_levels where item_kind = ${kind} and item_id = ${id} and location = ${location}`,
  );
  return Number(r[0]?.qty ?? 0);
}
