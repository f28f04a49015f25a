import type { FastifyInstance } from 'fastify';
import { autoHandoverPass } from '../modules/shift/index.ts';

/** Seconds between looks at the stores' automatic handover times: a slot runs at most a minute late. */
export const AUTO_HANDOVER_EVERY_MS = 60_000;

/**
 * The automatic handover (decision 127): every minute, outside tests, each store whose cloud-billing
 * settings list handover times and whose latest slot has not run yet closes (or marks 待点钞) the shifts
 * opened before it. Passes never overlap (the runner); a closing app waits for the one in flight.
 */
export function shiftAutoHandoverJob(app: FastifyInstance) {
  app.jobs.add({
    name: 'shift-auto-handover',
    title: '自动交班',
    everyMs: AUTO_HANDOVER_EVERY_MS,
    enabled: app.deps.config.NODE_ENV !== 'test',
    run: async () => {
      const r = await autoHandoverPass(app.deps.db);
      if (r.stores) app.log.info(r, '自动交班完成');
    },
  });
}
