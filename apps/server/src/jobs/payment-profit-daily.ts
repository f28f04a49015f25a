import type { FastifyInstance } from 'fastify';
import { settlePending } from '../modules/payment-profit/index.ts';

/** Between looks for a day to settle (a settled day is skipped, so each day settles once). */
export const PROFIT_EVERY_MS = 10 * 60_000;

/**
 * 支付分润 settlement (decision 171): outside tests, at start-up and every 10 minutes, every Beijing day
 * after the last settled one up to yesterday is settled (settlePending). A restart catches up; tests and
 * the demo call the pass directly.
 */
export function paymentProfitDailyJob(app: FastifyInstance) {
  app.jobs.add({
    name: 'payment-profit-daily',
    title: '支付分润结算',
    everyMs: PROFIT_EVERY_MS,
    enabled: app.deps.config.NODE_ENV !== 'test',
    run: () => settlePending(app.deps.db),
  });
}
