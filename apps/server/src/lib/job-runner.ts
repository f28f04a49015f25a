import type {} from 'fastify';
import { serialPasses } from './serial-passes.ts';

/**
 * One job runner for the recurring background jobs (docs/decisions/197-job-runner.md). A job is named, runs
 * every `everyMs`, retries a failed run with exponential backoff and keeps its state for the
 * administrator's 任务队列 page. Two runners share this interface:
 * - in process (`processRunner`, the embedded default: PGlite, or no Redis): a timer per job, passes of a
 *   job never overlap (serialPasses), exactly as the jobs ran before the runner;
 * - BullMQ (`bullmqRunner` in job-runner-bullmq.ts, PostgreSQL with REDIS_URL): each tick is one job in
 *   Redis, taken by one process only, a job's passes never overlap across processes.
 * Handlers must be idempotent (a retried or resumed pass may find its work done): every job's is.
 */

export type JobState = 'idle' | 'queued' | 'running' | 'completed' | 'failed';

export interface JobContext {
  /** This run's id (the 重试 button names it). */
  runId: string;
  /** 1 for the first try, 2 for the first retry… */
  attempt: number;
}

export interface JobDef {
  /** Stable id: `report-rollup` (the BullMQ queue's name). */
  name: string;
  /** Chinese, for the page and the log line of a failure (`${title}失败`). */
  title: string;
  everyMs: number;
  run: (ctx: JobContext) => Promise<unknown>;
  /** Tries of one run, the first included (default 3). */
  attempts?: number;
  /** Delay before the first retry, doubled for each next one (default 1 s). */
  backoffMs?: number;
  /** Also run once as soon as the app is ready (default true). */
  atStart?: boolean;
  /** false: listed but never run by this process (unit tests call the passes by hand). Default true. */
  enabled?: boolean;
}

export interface JobView {
  name: string;
  title: string;
  every_ms: number;
  enabled: boolean;
  state: JobState;
  last_run_id: string | null;
  /** Unix seconds. */
  last_started_at: number | null;
  last_finished_at: number | null;
  last_error: string | null;
  next_run_at: number | null;
  counts: { queued: number; running: number; completed: number; failed: number };
}

export interface JobHandle {
  /** Run soon (coalesced with a run already waiting): the sandbox acquirer's paid page uses it. */
  wake(): void;
}

export interface JobRunner {
  readonly mode: 'process' | 'bullmq';
  add(def: JobDef): JobHandle;
  has(name: string): boolean;
  start(): Promise<void>;
  /** Takes no new run, waits for the runs in flight up to `limitMs`. Idempotent: the same promise. */
  stop(limitMs?: number): Promise<void>;
  list(): Promise<JobView[]>;
  /**
   * Queues the failed run `runId` of job `name` again: 'queued', or 'unchanged' when that run is not (or
   * no longer) failed — a second click does nothing; undefined when no such run is known.
   */
  retry(name: string, runId: string): Promise<'queued' | 'unchanged' | undefined>;
}

export interface JobLog {
  error(obj: unknown, msg: string): void;
  warn(obj: unknown, msg: string): void;
}

/** Waited for runs in flight on stop, inside lib/shutdown.ts's 20 s. */
export const JOB_DRAIN_MS = 15_000;
export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1_000;

export const secondsOf = (ms: number | null | undefined) => (ms ? Math.floor(ms / 1000) : null);
export const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e)).slice(0, 2000);
export const sleep = (ms: number) =>
  new Promise<void>((r) => {
    setTimeout(r, ms).unref();
  });

interface LastRun {
  id: string;
  state: JobState;
  startedAt: number;
  finishedAt?: number;
  error?: string;
}

interface Slot {
  def: JobDef;
  passes: ReturnType<typeof serialPasses>;
  timers: NodeJS.Timeout[];
  seq: number;
  failures: number;
  running: boolean;
  queued: boolean;
  completed: number;
  failed: number;
  nextAt: number | null;
  last?: LastRun;
}

/** The embedded runner: timers in this process, as the jobs always ran (one process owns the data folder). */
export function processRunner(log: JobLog): JobRunner {
  const slots = new Map<string, Slot>();
  let started = false;
  let stopping: Promise<void> | undefined;

  const pass = (slot: Slot) => async () => {
    const { def } = slot;
    slot.queued = false;
    slot.running = true;
    const last: LastRun = { id: `${def.name}:${++slot.seq}`, state: 'running', startedAt: Date.now() };
    slot.last = last;
    try {
      await def.run({ runId: last.id, attempt: slot.failures + 1 });
      last.state = 'completed';
      slot.completed++;
      slot.failures = 0;
    } catch (e) {
      log.error(e, `${def.title}失败`);
      last.state = 'failed';
      last.error = errorText(e);
      slot.failed++;
      slot.failures++;
      if (slot.failures < (def.attempts ?? DEFAULT_ATTEMPTS) && !stopping) {
        const delay = (def.backoffMs ?? DEFAULT_BACKOFF_MS) * 2 ** (slot.failures - 1);
        const t = setTimeout(() => tick(slot), delay);
        t.unref();
        slot.timers.push(t);
      } else slot.failures = 0;
    } finally {
      last.finishedAt = Date.now();
      slot.running = false;
    }
  };
  const tick = (slot: Slot) => {
    if (stopping) return;
    if (slot.running) slot.queued = true;
    void slot.passes.tick();
  };
  const schedule = (slot: Slot) => {
    if (slot.def.enabled === false) return;
    const t = setInterval(() => {
      slot.nextAt = Date.now() + slot.def.everyMs;
      tick(slot);
    }, slot.def.everyMs);
    t.unref();
    slot.timers.push(t);
    slot.nextAt = Date.now() + slot.def.everyMs;
    if (slot.def.atStart !== false) tick(slot);
  };

  return {
    mode: 'process',
    add(def) {
      if (slots.has(def.name)) throw new Error(`任务重名：${def.name}`);
      const slot: Slot = {
        def,
        passes: serialPasses(async () => {}),
        timers: [],
        seq: 0,
        failures: 0,
        running: false,
        queued: false,
        completed: 0,
        failed: 0,
        nextAt: null,
      };
      slot.passes = serialPasses(pass(slot));
      slots.set(def.name, slot);
      if (started && !stopping) schedule(slot);
      return { wake: () => def.enabled !== false && started && tick(slot) };
    },
    has: (name) => slots.has(name),
    async start() {
      if (started) return;
      started = true;
      for (const slot of slots.values()) schedule(slot);
    },
    stop(limitMs = JOB_DRAIN_MS) {
      stopping ??= (async () => {
        for (const slot of slots.values()) for (const t of slot.timers) clearTimeout(t);
        const inFlight = Promise.all([...slots.values()].map((s) => s.passes.stop()));
        const cut = sleep(limitMs).then(() => 'cut' as const);
        if ((await Promise.race([inFlight, cut])) === 'cut')
          log.warn({ limitMs }, '停止时仍有任务在运行，不再等待');
      })();
      return stopping;
    },
    async list() {
      return [...slots.values()].map(({ def, ...s }) => ({
        name: def.name,
        title: def.title,
        every_ms: def.everyMs,
        enabled: def.enabled !== false,
        state: s.running ? 'running' : s.queued ? 'queued' : (s.last?.state ?? 'idle'),
        last_run_id: s.last?.id ?? null,
        last_started_at: secondsOf(s.last?.startedAt),
        last_finished_at: secondsOf(s.last?.finishedAt),
        last_error: s.last?.state === 'failed' ? (s.last.error ?? '') : null,
        next_run_at: def.enabled === false || stopping ? null : secondsOf(s.nextAt),
        counts: {
          queued: s.queued ? 1 : 0,
          running: s.running ? 1 : 0,
          completed: s.completed,
          failed: s.failed,
        },
      }));
    },
    async retry(name, runId) {
      const slot = slots.get(name);
      if (!slot) return undefined;
      if (slot.last?.id !== runId) {
        // an earlier run of this job is past: nothing to do; an id never given is unknown
        const n = Number(runId.slice(name.length + 1));
        return runId.startsWith(`${name}:`) && Number.isInteger(n) && n >= 1 && n <= slot.seq
          ? 'unchanged'
          : undefined;
      }
      if (!slot.last) return undefined;
      if (slot.last.state !== 'failed' || slot.running || slot.queued || stopping) return 'unchanged';
      slot.queued = true;
      void slot.passes.tick();
      return 'queued';
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The recurring jobs' runner (decision 197). */
    jobs: JobRunner;
  }
}
