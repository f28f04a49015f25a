import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { checkpointAll, sessionEvents } from '../modules/session/index.ts';

/** Seconds between passes: every open session is checkpointed at least once a minute (decision 116). */
export const CHECKPOINT_EVERY_MS = 30_000;

/**
 * Each pass as it starts (`{ phase: 'start' }`) and ends (`{ phase: 'end', checked, settled, ended,
 * warned, failed, ms }`), for whoever subscribes (bench/terminal-load.ts counts and times the passes);
 * nothing is built when no one does.
 */
export const checkpointPassChannel = channel('netbar:session-checkpoint-pass');

/**
 * Runs `pass` so that two never overlap (decision 121): a tick while one runs is not dropped but waits —
 * one more pass starts as soon as the running one ends (ticks meanwhile coalesce into that one). A tick
 * answers when no pass is running any more; `stop` lets the running pass end and starts no other.
 */
export function serialPasses(pass: () => Promise<void>) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const tick = (): Promise<void> => {
    if (stopped) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pass();
        } while (again && !stopped);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const stop = () => {
    stopped = true;
    return running ?? Promise.resolve();
  };
  return { tick, stop };
}

/**
 * The session checkpoint (docs/decisions/116-session-checkpoints.md, 121): every 30 s, outside tests,
 * one pass charges every open session of every store what has accrued since its last checkpoint, in
 * batches, ends the sessions whose balance is spent and sends the 10-minutes-left warnings. A pass never
 * overlaps another; one still running when the next is due delays it (serialPasses). Several processes
 * share the work (a session another process holds is skipped).
 */
export async function sessionCheckpointJob(app: FastifyInstance) {
  if (app.deps.config.NODE_ENV === 'test') return;
  const pass = async () => {
    const t0 = performance.now();
    if (checkpointPassChannel.hasSubscribers) checkpointPassChannel.publish({ phase: 'start' });
    try {
      const t = await checkpointAll({ db: app.deps.db, events: sessionEvents() }, 200, (id, e) =>
        app.log.error({ err: e, session: id }, '上机检查点扣费失败'),
      );
      if (t.ended || t.failed) app.log.info(t, '上机检查点完成');
      if (checkpointPassChannel.hasSubscribers)
        checkpointPassChannel.publish({ phase: 'end', ...t, ms: performance.now() - t0 });
    } catch (e) {
      app.log.error(e, '上机检查点失败');
      if (checkpointPassChannel.hasSubscribers)
        checkpointPassChannel.publish({ phase: 'end', error: String(e), ms: performance.now() - t0 });
    }
  };
  const passes = serialPasses(pass);
  const timer = setInterval(() => void passes.tick(), CHECKPOINT_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => void passes.tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // a pass in flight finishes before the database closes
    await passes.stop();
  });
}
