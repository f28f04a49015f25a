import type { JobListAnswer, JobRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockServer, renderAt } from '../../../test/render';
import JobsPage, { everyText } from './jobs-page';

const row = (over: Partial<JobRow>): JobRow => ({
  name: 'report-rollup',
  title: '经营报表日汇总',
  every_ms: 30_000,
  enabled: true,
  state: 'completed',
  last_run_id: 'repeat:report-rollup:1',
  last_started_at: 1_795_900_000,
  last_finished_at: 1_795_900_002,
  last_error: null,
  next_run_at: 1_795_900_030,
  counts: { queued: 0, running: 0, completed: 12, failed: 0 },
  ...over,
});
const LIST: JobListAnswer = {
  mode: 'bullmq',
  list: [
    row({}),
    row({
      name: 'reconcile-daily',
      title: '每日对账',
      every_ms: 600_000,
      state: 'failed',
      last_run_id: 'repeat:reconcile-daily:7',
      last_error: '对账文件下载超时',
      counts: { queued: 0, running: 0, completed: 3, failed: 1 },
    }),
  ],
};

describe('任务队列 page', () => {
  it('shows each job with its period, state and error; 重试 posts the failed run once', async () => {
    const seen = mockServer((c) =>
      c.url?.includes('job_retry')
        ? { body: { status: 200, msg: '已重新加入队列', data: { queued: true } } }
        : { body: { status: 200, msg: 'ok', data: LIST } },
    );
    renderAt('/admin/jobs', '/admin/jobs', <JobsPage />);
    await screen.findByText('运行方式：BullMQ（Redis，多进程各次只运行一次）');
    const failed = (await screen.findByText('每日对账')).closest('tr')!;
    expect(within(failed).getByText('失败')).toBeTruthy();
    expect(within(failed).getByText('对账文件下载超时')).toBeTruthy();
    expect(within(failed).getByText('每10分钟')).toBeTruthy();
    const done = screen.getByText('经营报表日汇总').closest('tr')!;
    expect(within(done).getByText('已完成')).toBeTruthy();
    expect(within(done).getByText('用时 2 秒')).toBeTruthy();
    expect(within(done).queryByRole('button', { name: /重\s*试/ })).toBeNull();
    await userEvent.click(within(failed).getByRole('button', { name: /重\s*试/ }));
    await userEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(seen.filter((c) => c.url?.includes('job_retry'))).toHaveLength(1));
    const body = String(seen.find((c) => c.url?.includes('job_retry'))!.data);
    expect(body).toContain('name=reconcile-daily');
    expect(body).toContain(encodeURIComponent('repeat:reconcile-daily:7'));
  });

  it('says the period in Chinese', () => {
    expect([1000, 15_000, 60_000, 600_000, 86_400_000, 1500].map(everyText)).toEqual([
      '每1秒',
      '每15秒',
      '每1分钟',
      '每10分钟',
      '每1天',
      '每1500毫秒',
    ]);
  });
});
