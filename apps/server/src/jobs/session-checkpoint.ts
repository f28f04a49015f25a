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

export { serialPasses } from '../lib/serial-passes.ts';

/**
 * The session checkpoint (docs/decisions/116-session-checkpoints.md, 121): every 30 s, outside tests,
 * one pass charges every open session of every store what has accrued since its last checkpoint, in
 * batches, ends the sessions whose balance is spent and sends the 10-minutes-left warnings. A pass never
 * overlaps another; one still running when the next is due delays it (the job runner, decision 197). Several processes
 * share the work (a session another process holds is skipped).
 */
export function sessionCheckpointJob(app: FastifyInstance) {
  const publish = (m: Record<string, unknown>) => {
    if (checkpointPassChannel.hasSubscribers) checkpointPassChannel.publish(m);
  };
  app.jobs.add({
    name: 'session-checkpoint',
    title: '上机检查点',
    everyMs: CHECKPOINT_EVERY_MS,
    enabled: app.deps.config.NODE_ENV !== 'test',
    run: async () => {
      const t0 = performance.now();
      publish({ phase: 'start' });
      try {
        const t = await checkpointAll({ db: app.deps.db, events: sessionEvents() }, 200, (id, e) =>
          app.log.error({ err: e, session: id }, '上机检查点扣费失败'),
        );
        if (t.ended || t.failed) app.log.info(t, '上机检查点完成');
        publish({ phase: 'end', ...t, ms: performance.now() - t0 });
      } catch (e) {
        publish({ phase: 'end', error: String(e), ms: performance.now() - t0 });
        throw e;
      }
    },
  });
}
