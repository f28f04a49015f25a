import type { FastifyInstance } from 'fastify';
import { settlePending } from '../modules/payment-profit/index.ts';
import { serialPasses } from './session-checkpoint.ts';

/** Between looks for a day to settle (a settled day is skipped, so each day settles once). */
export const PROFIT_EVERY_MS = 10 * 60_000;

/**
 * 支付分润 settlement (decision 171): outside tests, at start-up and every 10 minutes, every Beijing day
 * after the last settled one up to yesterday is settled (settlePending). A restart catches up; tests and
 * the demo call the pass directly.
 */
export async function paymentProfitDailyJob(app: FastifyInstance) {
  if (app.deps.config.NODE_ENV === 'test') return;
  const passes = serialPasses(async () => {
    try {
      await settlePending(app.deps.db);
    } catch (e) {
      app.log.error(e, '支付分润结算失败');
    }
  });
  const timer = setInterval(() => void passes.tick(), PROFIT_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => void passes.tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await passes.stop();
  });
}
