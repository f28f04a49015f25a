import type { FastifyInstance } from 'fastify';
import { drainDirty } from '../modules/report/index.ts';
import { serialPasses } from './session-checkpoint.ts';

/** Seconds between passes of the rollup job. */
export const REPORT_ROLLUP_EVERY_MS = 30_000;

/**
 * The daily rollups' job (decision 152): every 30 s, outside tests, recomputes the store-days the raw
 * tables' triggers marked dirty, oldest first, until none is left; at start it catches up on the marks a
 * crash or a stop left behind. Passes never overlap; another process's pass skips the marks this one holds.
 */
export async function reportRollupJob(app: FastifyInstance) {
  if (app.deps.config.NODE_ENV === 'test') return;
  const passes = serialPasses(async () => {
    try {
      let total = 0;
      for (let n = await drainDirty(app.deps.db); n > 0; n = await drainDirty(app.deps.db)) total += n;
      if (total) app.log.info({ days: total }, '经营报表日汇总已更新');
    } catch (e) {
      app.log.error(e, '经营报表日汇总失败');
    }
  });
  const timer = setInterval(() => void passes.tick(), REPORT_ROLLUP_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => void passes.tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await passes.stop();
  });
}
