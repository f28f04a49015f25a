import type { FastifyInstance } from 'fastify';
import { reconcileDailyPass } from '../modules/reconcile/index.ts';
import { serialPasses } from './session-checkpoint.ts';

/** Between looks for a day without a run (a day with one is skipped, so it runs once a day). */
export const RECONCILE_EVERY_MS = 10 * 60_000;

/**
 * Daily reconciliation (decision 168): outside tests, at start-up and every 10 minutes, the last three
 * days without a run (yesterday from 02:00 Beijing time) are reconciled for each provider used that day
 * and the configured one (reconcileDailyPass). A restart catches up; tests call the pass directly.
 */
export async function reconcileDailyJob(app: FastifyInstance) {
  if (app.deps.config.NODE_ENV === 'test') return;
  const passes = serialPasses(async () => {
    try {
      await reconcileDailyPass(app.deps);
    } catch (e) {
      app.log.error(e, '每日对账失败');
    }
  });
  const timer = setInterval(() => void passes.tick(), RECONCILE_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => void passes.tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await passes.stop();
  });
}
