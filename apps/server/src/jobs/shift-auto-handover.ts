import type { FastifyInstance } from 'fastify';
import { autoHandoverPass } from '../modules/shift/index.ts';
import { serialPasses } from './session-checkpoint.ts';

/** Seconds between looks at the stores' automatic handover times: a slot runs at most a minute late. */
export const AUTO_HANDOVER_EVERY_MS = 60_000;

/**
 * The automatic handover (decision 127): every minute, outside tests, each store whose cloud-billing
 * settings list handover times and whose latest slot has not run yet closes (or marks 待点钞) the shifts
 * opened before it. Passes never overlap (serialPasses); a closing app waits for the one in flight.
 */
export async function shiftAutoHandoverJob(app: FastifyInstance) {
  if (app.deps.config.NODE_ENV === 'test') return;
  const passes = serialPasses(async () => {
    try {
      const r = await autoHandoverPass(app.deps.db);
      if (r.stores) app.log.info(r, '自动交班完成');
    } catch (e) {
      app.log.error(e, '自动交班失败');
    }
  });
  const timer = setInterval(() => void passes.tick(), AUTO_HANDOVER_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => void passes.tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await passes.stop();
  });
}
