import { afterEach, describe, expect, it } from 'vitest';
import { type JobDef, type JobRunner, processRunner, sleep } from './job-runner.ts';

/** The embedded runner (decision 197): in process, as the jobs always ran, with retries and a state. */

const log = { errors: [] as string[], error: (_e: unknown, m: string) => log.errors.push(m), warn: () => {} };
let runner: JobRunner;
const make = (def: Partial<JobDef> & Pick<JobDef, 'run'>) => {
  runner.add({ name: 'probe', title: '测试任务', everyMs: 60_000, ...def });
};
const until = async (ok: () => boolean | Promise<boolean>, ms = 3000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
};
const view = async () => (await runner.list()).find((j) => j.name === 'probe')!;

afterEach(async () => {
  await runner.stop(1000);
  log.errors.length = 0;
});

describe('processRunner', () => {
  it('runs a job at start and at each tick, never two passes at once', async () => {
    runner = processRunner(log);
    let live = 0;
    let most = 0;
    let runs = 0;
    make({
      everyMs: 50,
      run: async () => {
        runs++;
        most = Math.max(most, ++live);
        await sleep(80); // longer than the interval: ticks meanwhile wait, they do not overlap
        live--;
      },
    });
    await runner.start();
    await sleep(420);
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(7);
    expect(most).toBe(1);
  });

  it('retries a thrown run with exponential backoff, then records the failure with its error', async () => {
    runner = processRunner(log);
    const tries: { attempt: number; at: number }[] = [];
    make({
      attempts: 3,
      backoffMs: 60,
      run: async ({ attempt }) => {
        tries.push({ attempt, at: Date.now() });
        throw new Error('数据库暂不可用');
      },
    });
    await runner.start();
    await until(() => tries.length === 3);
    await sleep(250);
    expect(tries.map((t) => t.attempt)).toEqual([1, 2, 3]); // no fourth: attempts are 3
    expect(tries[1]!.at - tries[0]!.at).toBeGreaterThanOrEqual(55);
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(115); // doubled
    const v = await view();
    expect(v).toMatchObject({ state: 'failed', last_error: '数据库暂不可用' });
    expect(v.counts).toMatchObject({ failed: 3, completed: 0 });
    expect(log.errors).toEqual(['测试任务失败', '测试任务失败', '测试任务失败']);
  });

  it('重试 queues a failed run once: a second click or an old run id changes nothing, an unknown one is unknown', async () => {
    runner = processRunner(log);
    let fail = true;
    let runs = 0;
    make({
      attempts: 1,
      run: async () => {
        runs++;
        if (fail) throw new Error('短信网关超时');
      },
    });
    await runner.start();
    await until(async () => (await view()).state === 'failed');
    const { last_run_id } = await view();
    expect(last_run_id).toBe('probe:1');
    fail = false;
    expect(await runner.retry('probe', 'probe:1')).toBe('queued');
    expect(await runner.retry('probe', 'probe:1')).toBe('unchanged');
    await until(async () => (await view()).state === 'completed');
    expect(runs).toBe(2);
    expect(await runner.retry('probe', 'probe:1')).toBe('unchanged');
    expect(await runner.retry('probe', 'probe:99')).toBeUndefined();
    expect(await runner.retry('nope', 'probe:1')).toBeUndefined();
    expect(runs).toBe(2);
  });

  it('a disabled job is listed and never run; stop waits for the run in flight and starts no other', async () => {
    runner = processRunner(log);
    let disabledRuns = 0;
    runner.add({
      name: 'off',
      title: '关闭的任务',
      everyMs: 10,
      enabled: false,
      run: async () => void disabledRuns++,
    });
    const events: string[] = [];
    make({
      everyMs: 20,
      run: async () => {
        events.push('start');
        await sleep(150);
        events.push('end');
      },
    });
    await runner.start();
    await until(() => events.length === 1);
    await runner.stop(2000);
    expect(events).toEqual(['start', 'end']);
    await sleep(60);
    expect(events).toEqual(['start', 'end']);
    expect(disabledRuns).toBe(0);
    expect((await runner.list()).find((j) => j.name === 'off')).toMatchObject({
      state: 'idle',
      enabled: false,
    });
  });

  it('stop gives up on a run that outlasts the limit', async () => {
    runner = processRunner(log);
    make({ run: () => sleep(5000) });
    await runner.start();
    const t0 = Date.now();
    await runner.stop(100);
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});
