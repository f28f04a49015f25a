import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { sleep } from '../lib/job-runner.ts';
import { stopOnSignals } from '../lib/shutdown.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * Graceful stop and jobs (issue 20 item 6, decision 197): on SIGTERM the runner takes no new run, the run
 * in flight finishes, and only then does the database close.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('SIGTERM with a job in flight', () => {
  it('waits for the run, starts no other, then closes the database and exits 0', async () => {
    const events: string[] = [];
    t.app.jobs.add({
      name: 'probe-slow',
      title: '测试任务',
      everyMs: 50,
      run: async () => {
        events.push('run');
        await sleep(400);
        events.push('run-end');
      },
    });
    for (let i = 0; i < 100 && !events.length; i++) await sleep(10);
    expect(events).toEqual(['run']);

    const database = {
      close: async () => {
        events.push('db-close');
      },
    } as unknown as Database;
    const before = new Set([...process.listeners('SIGTERM'), ...process.listeners('SIGINT')]);
    let exited: (code: number) => void = () => {};
    const exit = new Promise<number>((r) => {
      exited = r;
    });
    stopOnSignals(t.app, database, { exit: (code) => exited(code) });
    const onTerm = process.listeners('SIGTERM').find((l) => !before.has(l))!;
    try {
      const t0 = Date.now();
      onTerm('SIGTERM');
      expect(await exit).toBe(0);
      // the run had ~400 ms to go: the stop waited for it; the 50 ms interval started none after it
      expect(Date.now() - t0).toBeGreaterThanOrEqual(250);
      expect(events).toEqual(['run', 'run-end', 'db-close']);
      await sleep(150);
      expect(events).toEqual(['run', 'run-end', 'db-close']);
    } finally {
      process.removeListener('SIGTERM', onTerm);
      const onInt = process.listeners('SIGINT').find((l) => !before.has(l));
      if (onInt) process.removeListener('SIGINT', onInt);
    }
  });
});
