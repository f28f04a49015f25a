import type { FastifyInstance } from 'fastify';
import { messagingOf } from '../modules/outbox/index.ts';
import { dispatchSms } from '../modules/sms-marketing/index.ts';
import { serialPasses } from './session-checkpoint.ts';

/** Between dispatcher passes. */
export const SMS_DISPATCH_EVERY_MS = 60_000;

/**
 * 短信营销 dispatcher (decision 179): outside tests, every minute, due campaigns are sent (quiet hours and
 * the daily cap held by the pass itself). Tests and the demo call dispatchSms directly.
 */
export async function smsDispatchJob(app: FastifyInstance) {
  if (app.deps.config.NODE_ENV === 'test') return;
  const { db, config } = app.deps;
  const passes = serialPasses(async () => {
    try {
      await dispatchSms(db, messagingOf(app.deps).delivery, config.SMS_MARKETING_DAILY_CAP);
    } catch (e) {
      app.log.error(e, '短信营销发送失败');
    }
  });
  const timer = setInterval(() => void passes.tick(), SMS_DISPATCH_EVERY_MS);
  timer.unref();
  app.addHook('onReady', async () => void passes.tick());
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await passes.stop();
  });
}
