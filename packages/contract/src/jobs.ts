import { z } from 'zod';

/** The recurring jobs' runner as the administrator's 任务队列 page sees it (decision 197). */

export const JOB_STATES = ['idle', 'queued', 'running', 'completed', 'failed'] as const;
export type JobStateName = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobStateName, string> = {
  idle: '尚未运行',
  queued: '排队中',
  running: '运行中',
  completed: '已完成',
  failed: '失败',
};

/** Where the jobs run: in this process (embedded default) or through BullMQ across processes. */
export const JOB_MODE_LABELS = {
  process: '进程内定时（单进程）',
  bullmq: 'BullMQ（Redis，多进程各次只运行一次）',
} as const;

export interface JobRow {
  name: string;
  title: string;
  every_ms: number;
  /** false: registered but not run by this server (only in tests). */
  enabled: boolean;
  state: JobStateName;
  last_run_id: string | null;
  /** Unix seconds. */
  last_started_at: number | null;
  last_finished_at: number | null;
  last_error: string | null;
  next_run_at: number | null;
  counts: { queued: number; running: number; completed: number; failed: number };
}

export interface JobListAnswer {
  mode: keyof typeof JOB_MODE_LABELS;
  list: JobRow[];
}

/** job_retry: queue a failed run again (a run no longer failed is left as it is). */
export const jobRetryBody = z.object({
  name: z
    .string({ error: '请选择任务' })
    .trim()
    .min(1, { error: '请选择任务' })
    .max(64, { error: '任务不存在' })
    .regex(/^[a-z0-9-]+$/, { error: '任务不存在' }),
  run_id: z
    .string({ error: '请选择要重试的运行记录' })
    .trim()
    .min(1, { error: '请选择要重试的运行记录' })
    .max(200, { error: '运行记录不存在' }),
});
export type JobRetryBody = z.infer<typeof jobRetryBody>;
