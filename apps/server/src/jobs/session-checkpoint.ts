import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { checkpointAll, sessionEvents } from '../modules/session/index.ts';

/** Seconds between passes: every open session is checkpointed at least once a minute (decision 116). */
export const CHECKPOINT_EVERY_MS = 30_000;

/**
 * Each pass as it starts (`{ phase: 'start' }`) and ends (`{ phase: 'end', checked, ended, warned,
 * failed, ms }`), for whoever subscribes (bench/terminal-load.ts counts and times the passes); nothing
 * is built when no one does.
 */
export const checkpointPassChannel = channel('netbar:session-checkpoint-pass');

/**
 * The session checkpoint (docs/decisions/116-session-checkpoints.md): every 30 s, outside tests, one
 * pass charges every open session of every store what has accrued since its last checkpoint, in
 * batches, ends the sessions whose balance is spent and sends the 10-minutes-left warnings. A pass
 * still running when the next is due is not doubled; several processes share the work (a session
 * another process holds is skipped).
 */
export async function sessionCheckpointJob(app: FastifyInstance) {
  if (app.deps.config.NODE_ENV === 'test') return;
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
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
    } finally {
      running = false;
    }
  };
  const timer = setInterval(pass, CHECKPOINT_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => void pass());
  app.addHook('onClose', async () => clearInterval(timer));
}
