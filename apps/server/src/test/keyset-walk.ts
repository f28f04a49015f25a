import { expect } from 'vitest';
import type { Client } from './harness.ts';

/**
 * Walks a keyset list page by page (following `next`), running `between` after each page (concurrent
 * inserts), and returns the ids seen; checks that no id repeats.
 */
export async function walkKeyset(
  c: Client,
  url: string,
  query: Record<string, unknown>,
  between: () => Promise<void>,
): Promise<number[]> {
  const seen: number[] = [];
  let after: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const r = await c.get<{ list: { id: number }[]; next: string | null }>(url, {
      ...query,
      ...(after ? { after } : {}),
    });
    expect(r.status, r.msg).toBe(200);
    seen.push(...r.data.list.map((x) => x.id));
    await between();
    if (!r.data.next) break;
    after = r.data.next;
  }
  expect(new Set(seen).size).toBe(seen.length);
  return seen;
}
