import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

/**
 * Login reads the principal (user, employer, agent status, grants) and the home store once: it used
 * to read the principal three times and the netbar twice. Counted as SELECT builders started on the
 * app's database handle during one login of a netbar account (captcha, throttle and session reads
 * included, which are the same before and after).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function selectsDuring(fn: () => Promise<unknown>): Promise<number> {
  const db = t.app.deps.db as unknown as { select: (...a: unknown[]) => unknown };
  const original = db.select;
  let n = 0;
  db.select = function (this: unknown, ...a: unknown[]) {
    n++;
    return original.apply(this, a);
  };
  try {
    await fn();
  } finally {
    db.select = original;
  }
  return n;
}

describe('login reads', () => {
  it('a netbar login selects the user once, the principal once and its store once', async () => {
    const c = t.client();
    const n = await selectsDuring(() => c.login(DEMO.netbar));
    // findUserByName 1 + loadPrincipal 2 (user with employer and agent, grants) + findNetbar 1, and 2
    // key-value reads (captcha, throttle). Before: the principal 3 times and the netbar twice (12+).
    expect(n).toBeLessThanOrEqual(4 + 2);
  });
});
