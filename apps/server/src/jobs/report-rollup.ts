import type { FastifyInstance } from 'fastify';
import { drainDirty } from '../modules/report/index.ts';

/** Seconds between passes of the rollup job. */
export const REPORT_ROLLUP_EVERY_MS = 30_000;

/**
 * The daily rollups' job (decision 152): every 30 s, outside tests, recomputes the store-days the raw
 * tables' triggers marked dirty, oldest first, until none is left; at start it catches up on the marks a
 * crash or a stop left behind. Passes never overlap; another process's pass skips the marks this one holds.
 */
export function reportRollupJob(app: FastifyInstance) {
  app.jobs.add({
    name: 'report-rollup',
    title: '经营报表日汇总',
    everyMs: REPORT_ROLLUP_EVERY_MS,
    enabled: app.deps.config.NODE_ENV !== 'test',
    run: async () => {
      let total = 0;
      for (let n = await drainDirty(app.deps.db); n > 0; n = await drainDirty(app.deps.db)) total += n;
      if (total) app.log.info({ days: total }, '经营报表日汇总已更新');
    },
  });
}
