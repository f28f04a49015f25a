import type { JobListAnswer, JobRow } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sleep } from '../../lib/job-runner.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

/** 任务队列 (/admin/jobs, decision 197): the administrator sees every job and retries a failed run. */

const TOKEN = 'metrics-token-for-jobs-0123456789';
let t: TestApp;
let fail = true;
let runs = 0;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
  t.app.jobs.add({
    name: 'probe-fails',
    title: '测试任务',
    everyMs: 3_600_000,
    attempts: 1,
    run: async () => {
      runs++;
      if (fail) throw new Error('对账文件下载超时');
    },
  });
});
afterAll(() => t.close());

const probe = async (): Promise<JobRow> => {
  const admin = await t.as(DEMO.admin);
  const r = await admin.get<JobListAnswer>('/api/v1/job_list');
  return r.data.list.find((j) => j.name === 'probe-fails')!;
};
const until = async (ok: (j: JobRow) => boolean) => {
  for (let i = 0; i < 300; i++) {
    const j = await probe();
    if (ok(j)) return j;
    await sleep(50);
  }
  throw new Error('timed out');
};

describe('任务队列', () => {
  it('lists every recurring job with its state; a failed run shows its error', async () => {
    const admin = await t.as(DEMO.admin);
    const r = await admin.get<JobListAnswer>('/api/v1/job_list');
    expect(r.status).toBe(200);
    const names = r.data.list.map((j) => j.name);
    for (const n of [
      'session-checkpoint',
      'report-rollup',
      'payment-notify',
      'oplog-retention',
      'sms-dispatch',
    ])
      expect(names).toContain(n);
    expect(names).toContain('reservation-expiry');
    // unit tests call the passes by hand: listed, never run
    expect(r.data.list.find((j) => j.name === 'session-checkpoint')).toMatchObject({
      title: '上机检查点',
      every_ms: 30_000,
      enabled: false,
      state: 'idle',
    });
    const failed = await until((j) => j.state === 'failed');
    expect(failed).toMatchObject({ last_error: '对账文件下载超时', enabled: true });
    expect(failed.counts.failed).toBeGreaterThanOrEqual(1);
    expect(failed.last_run_id).toBeTruthy();
    expect(failed.next_run_at).toBeGreaterThan(Date.now() / 1000);
  });

  it('the queue depth and the failures are in /metrics', async () => {
    const r = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r.body).toMatch(/netbar_jobs\{job="probe-fails",state="failed"\} [1-9]/);
    expect(r.body).toMatch(/netbar_jobs\{job="probe-fails",state="queued"\} 0/);
    expect(r.body).not.toContain('job="session-checkpoint"');
  });

  it('重试 queues the failed run once: a second click changes nothing', async () => {
    const { last_run_id } = await until((j) => j.state === 'failed');
    const before = runs;
    fail = false;
    const admin = await t.as(DEMO.admin);
    const first = await admin.request(
      'POST',
      '/api/v1/job_retry',
      { name: 'probe-fails', run_id: last_run_id },
      { json: true },
    );
    expect([first.status, first.msg]).toEqual([200, '已重新加入队列']);
    const done = await until((j) => j.state === 'completed');
    expect(runs).toBe(before + 1);
    const again = await admin.request(
      'POST',
      '/api/v1/job_retry',
      { name: 'probe-fails', run_id: last_run_id },
      { json: true },
    );
    expect([again.status, again.msg]).toEqual([200, '该运行已不在失败状态，无需重试']);
    await sleep(200);
    expect(runs).toBe(before + 1);
    expect(done.last_error).toBeNull();
  });

  it('refuses everyone but the administrator, unknown jobs and runs (40004) and bad input (40000)', async () => {
    for (const who of [DEMO.netbar, DEMO.agent, DEMO.netbarStaff, DEMO.pay]) {
      const c = await t.as(who);
      expect((await c.get('/api/v1/job_list')).status).toBe(40003);
      const r = await c.request(
        'POST',
        '/api/v1/job_retry',
        { name: 'probe-fails', run_id: '1' },
        { json: true },
      );
      expect(r.status).toBe(40003);
    }
    const admin = await t.as(DEMO.admin);
    const post = (body: Record<string, unknown>) =>
      admin.request('POST', '/api/v1/job_retry', body, { json: true });
    const unknown = await post({ name: 'no-such-job', run_id: '1' });
    expect([unknown.http, unknown.status, unknown.msg]).toEqual([404, 40004, '任务不存在']);
    const noRun = await post({ name: 'probe-fails', run_id: 'probe-fails:999' });
    expect([noRun.status, noRun.msg]).toEqual([40004, '运行记录不存在']);
    const empty = await post({ name: '', run_id: '1' });
    expect([empty.status, empty.msg]).toEqual([40000, '请选择任务']);
    const noId = await post({ name: 'probe-fails' });
    expect([noId.status, noId.msg]).toEqual([40000, '请选择要重试的运行记录']);
    const odd = await post({ name: 'DROP TABLE', run_id: '1' });
    expect([odd.status, odd.msg]).toEqual([40000, '任务不存在']);
  });
});
