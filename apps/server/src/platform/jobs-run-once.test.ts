import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type JobDef, sleep } from '../lib/job-runner.ts';
import { createTestApp, isPgMode, type TestApp } from '../test/harness.ts';
import { rid } from '../test/kit.ts';

/**
 * Issue 20 item 3 (decision 197): on PostgreSQL with Redis the jobs go through BullMQ, so a job that two
 * server processes both schedule runs once per tick, never two passes at once, and a thrown run is
 * retried with backoff. Two app instances on one test database and one Redis prefix stand for two
 * processes.
 */
const url = process.env.REDIS_URL;

describe.skipIf(!isPgMode() || !url)('a job scheduled on two app instances (BullMQ)', () => {
  let t: TestApp;
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: url! });
    const prefix = `nbt-jobs:${rid()}:`;
    a = await buildApp({ config: t.config, database: t.database, logger: false, redisPrefix: prefix });
    b = await buildApp({ config: t.config, database: t.database, logger: false, redisPrefix: prefix });
    await Promise.all([a.ready(), b.ready()]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await t?.close();
  });

  const onBoth = (def: (app: 'a' | 'b') => JobDef) => {
    a.jobs.add(def('a'));
    b.jobs.add(def('b'));
  };

  it('runs once per tick across both, never two passes at once', async () => {
    expect(a.jobs.mode).toBe('bullmq');
    const runs: { id: string; by: string }[] = [];
    let live = 0;
    let most = 0;
    const every = 200;
    onBoth((by) => ({
      name: 'probe-tick',
      title: '测试任务',
      everyMs: every,
      atStart: false,
      run: async ({ runId }) => {
        most = Math.max(most, ++live);
        runs.push({ id: runId, by });
        await sleep(30);
        live--;
      },
    }));
    const t0 = Date.now();
    await sleep(2_600);
    const ticks = (Date.now() - t0) / every;
    const ids = runs.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length); // no tick ran twice
    // one run per tick (the first comes one interval after the scheduler starts); two processes each
    // running their own timer would make about twice as many
    expect(runs.length).toBeGreaterThanOrEqual(Math.floor(ticks) - 4);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(ticks) + 1);
    expect(most).toBe(1);
    console.info(
      `[jobs-run-once] ${runs.length} runs in ${Math.round(ticks)} ticks of ${every} ms; by a: ${runs.filter((r) => r.by === 'a').length}, by b: ${runs.filter((r) => r.by === 'b').length}`,
    );
  });

  it('retries a thrown run with exponential backoff, then keeps the failure for the page', async () => {
    const tries: { id: string; attempt: number; at: number }[] = [];
    onBoth(() => ({
      name: 'probe-retry',
      title: '测试任务',
      everyMs: 3_600_000,
      attempts: 3,
      backoffMs: 150,
      run: async ({ runId, attempt }) => {
        tries.push({ id: runId, attempt, at: Date.now() });
        if (tries.length <= 3) throw new Error('支付渠道暂不可用');
      },
    }));
    for (let i = 0; i < 100 && tries.length < 3; i++) await sleep(50);
    await sleep(400);
    // the scheduler's first job, made once for both instances, tried three times
    expect(tries.map((x) => x.attempt)).toEqual([1, 2, 3]);
    expect(new Set(tries.map((x) => x.id)).size).toBe(1);
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(140);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(290);
    const view = (await b.jobs.list()).find((j) => j.name === 'probe-retry')!;
    expect(view).toMatchObject({
      state: 'failed',
      last_error: '支付渠道暂不可用',
      last_run_id: tries[0]!.id,
    });
    expect(view.counts.failed).toBe(1);
    // 重试 from the other instance queues it again, once
    expect(await a.jobs.retry('probe-retry', tries[0]!.id)).toBe('queued');
    expect(await b.jobs.retry('probe-retry', tries[0]!.id)).toBe('unchanged');
    for (let i = 0; i < 100 && tries.length < 4; i++) await sleep(50);
    expect(tries.length).toBe(4);
    expect(tries[3]!.id).toBe(tries[0]!.id);
    for (let i = 0; i < 100; i++) {
      if ((await a.jobs.list()).find((j) => j.name === 'probe-retry')?.state === 'completed') break;
      await sleep(50);
    }
    expect((await a.jobs.list()).find((j) => j.name === 'probe-retry')).toMatchObject({
      state: 'completed',
      last_error: null,
    });
    expect(tries.length).toBe(4);
  });
});
