import { type Job, type JobsOptions, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  JOB_DRAIN_MS,
  type JobDef,
  type JobLog,
  type JobRunner,
  type JobState,
  type JobView,
  secondsOf,
  sleep,
} from './job-runner.ts';

/** Finished runs kept per job for the page (older ones are dropped by BullMQ). */
const KEEP = { count: 200 };

interface Entry {
  def: JobDef;
  queue?: Queue;
  worker?: Worker;
}

const optsOf = (def: JobDef): JobsOptions => ({
  attempts: def.attempts ?? DEFAULT_ATTEMPTS,
  backoff: { type: 'exponential', delay: def.backoffMs ?? DEFAULT_BACKOFF_MS },
  removeOnComplete: KEEP,
  removeOnFail: KEEP,
});

/** The newest finished (or running) run of a queue. */
async function latestRun(queue: Queue): Promise<{ job: Job; state: JobState } | undefined> {
  const [active] = await queue.getJobs(['active'], 0, 0);
  if (active) return { job: active, state: 'running' };
  const [[done], [failed]] = await Promise.all([
    queue.getJobs(['completed'], 0, 0),
    queue.getJobs(['failed'], 0, 0),
  ]);
  if (failed && (!done || (failed.finishedOn ?? 0) > (done.finishedOn ?? 0)))
    return { job: failed, state: 'failed' };
  return done ? { job: done, state: 'completed' } : undefined;
}

/**
 * The runner across processes (docs/decisions/197): one BullMQ queue per job in Redis, a job scheduler
 * (`every`) that makes one job per tick whatever the number of processes, global concurrency 1 so two
 * passes of a job never overlap anywhere, attempts with exponential backoff, and the runs' state kept in
 * Redis for the page. Every process runs a worker for each enabled job; the first free one takes the tick.
 */
export function bullmqRunner(opts: { redisUrl: string; prefix: string; log: JobLog }): JobRunner {
  const { log, prefix } = opts;
  const entries = new Map<string, Entry>();
  let connection: Redis | undefined;
  let started = false;
  let stopping: Promise<void> | undefined;

  const conn = () => {
    // BullMQ's workers block on this connection's duplicates; it asks for no per-request retry limit
    connection ??= new Redis(opts.redisUrl, { maxRetriesPerRequest: null });
    return connection;
  };
  const wake = (e: Entry) => {
    if (!e.queue || stopping) return;
    e.queue
      .add(e.def.name, {}, { ...optsOf(e.def), deduplication: { id: `${e.def.name}:wake` } })
      .catch((err) => log.error(err, `${e.def.title}：加入队列失败`));
  };
  const open = async (e: Entry) => {
    const { def } = e;
    if (def.enabled === false || e.queue) return;
    e.queue = new Queue(def.name, { connection: conn(), prefix });
    e.worker = new Worker(
      def.name,
      async (job) => {
        try {
          return await def.run({ runId: String(job.id), attempt: job.attemptsMade + 1 });
        } catch (err) {
          log.error(err, `${def.title}失败`);
          throw err;
        }
      },
      { connection: conn(), prefix, concurrency: 1 },
    );
    e.worker.on('error', (err) => log.error(err, `${def.title}：任务队列连接出错`));
    await e.queue.setGlobalConcurrency(1);
    // the scheduler makes its first job at once (BullMQ 6): that is the run at start, one for all processes
    await e.queue.upsertJobScheduler(def.name, { every: def.everyMs }, { name: def.name, opts: optsOf(def) });
  };

  return {
    mode: 'bullmq',
    add(def) {
      if (entries.has(def.name)) throw new Error(`任务重名：${def.name}`);
      const e: Entry = { def };
      entries.set(def.name, e);
      if (started && !stopping) void open(e).catch((err) => log.error(err, `${def.title}：启动失败`));
      return { wake: () => wake(e) };
    },
    has: (name) => entries.has(name),
    async start() {
      if (started) return;
      started = true;
      await Promise.all([...entries.values()].map(open));
    },
    stop(limitMs = JOB_DRAIN_MS) {
      stopping ??= (async () => {
        const list = [...entries.values()];
        // close() takes no new job and waits for the one in flight
        const drained = Promise.all(list.map((e) => e.worker?.close()));
        if ((await Promise.race([drained, sleep(limitMs).then(() => 'cut' as const)])) === 'cut') {
          log.warn({ limitMs }, '停止时仍有任务在运行，不再等待（其锁过期后由其他进程重试）');
          await Promise.all(list.map((e) => e.worker?.close(true)));
        }
        await Promise.all(list.map((e) => e.queue?.close()));
        await connection?.quit().catch(() => undefined);
      })();
      return stopping;
    },
    async list() {
      return Promise.all(
        [...entries.values()].map(async ({ def, queue }): Promise<JobView> => {
          const view: JobView = {
            name: def.name,
            title: def.title,
            every_ms: def.everyMs,
            enabled: def.enabled !== false,
            state: 'idle',
            last_run_id: null,
            last_started_at: null,
            last_finished_at: null,
            last_error: null,
            next_run_at: null,
            counts: { queued: 0, running: 0, completed: 0, failed: 0 },
          };
          if (!queue) return view;
          const [c, scheduler, last] = await Promise.all([
            queue.getJobCounts('waiting', 'prioritized', 'active', 'completed', 'failed'),
            queue.getJobScheduler(def.name),
            latestRun(queue),
          ]);
          const queued = (c.waiting ?? 0) + (c.prioritized ?? 0);
          view.counts = {
            queued,
            running: c.active ?? 0,
            completed: c.completed ?? 0,
            failed: c.failed ?? 0,
          };
          view.next_run_at = secondsOf(scheduler?.next);
          if (last) {
            view.last_run_id = String(last.job.id);
            view.last_started_at = secondsOf(last.job.processedOn);
            view.last_finished_at = last.state === 'running' ? null : secondsOf(last.job.finishedOn);
            view.last_error = last.state === 'failed' ? (last.job.failedReason ?? '') : null;
          }
          view.state = view.counts.running ? 'running' : queued ? 'queued' : (last?.state ?? 'idle');
          return view;
        }),
      );
    },
    async retry(name, runId) {
      const e = entries.get(name);
      if (!e) return undefined;
      if (!e.queue) return 'unchanged';
      const job = await e.queue.getJob(runId);
      if (!job || job.name !== name) return undefined;
      if ((await job.getState()) !== 'failed') return 'unchanged';
      try {
        await job.retry('failed');
      } catch (err) {
        // a second click (or another process) moved it first: the run is queued already
        if ((await job.getState()) === 'failed') throw err;
        return 'unchanged';
      }
      return 'queued';
    },
  };
}
