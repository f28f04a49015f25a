import type { FastifyInstance } from 'fastify';
import { reconcileDailyPass } from '../modules/reconcile/index.ts';

/** Between looks for a day without a run (a day with one is skipped, so it runs once a day). */
export const RECONCILE_EVERY_MS = 10 * 60_000;

/**
 * Daily reconciliation (decision 168): outside tests, at start-up and every 10 minutes, the last three
 * days without a run (yesterday from 02:00 Beijing time) are reconciled for each provider used that day
 * and the configured one (reconcileDailyPass). A restart catches up; tests call the pass directly.
 */
export function reconcileDailyJob(app: FastifyInstance) {
  app.jobs.add({
    name: 'reconcile-daily',
    title: '每日对账',
    everyMs: RECONCILE_EVERY_MS,
    enabled: app.deps.config.NODE_ENV !== 'test',
    run: () => reconcileDailyPass(app.deps),
  });
}
