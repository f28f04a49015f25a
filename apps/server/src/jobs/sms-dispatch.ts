import type { FastifyInstance } from 'fastify';
import { messagingOf } from '../modules/outbox/index.ts';
import { dispatchSms } from '../modules/sms-marketing/index.ts';

/** Between dispatcher passes. */
export const SMS_DISPATCH_EVERY_MS = 60_000;

/**
 * 短信营销 dispatcher (decision 179): outside tests, every minute, due campaigns are sent (quiet hours and
 * the daily cap held by the pass itself). Tests and the demo call dispatchSms directly.
 */
export function smsDispatchJob(app: FastifyInstance) {
  const { db, config } = app.deps;
  app.jobs.add({
    name: 'sms-dispatch',
    title: '短信营销发送',
    everyMs: SMS_DISPATCH_EVERY_MS,
    enabled: config.NODE_ENV !== 'test',
    run: () => dispatchSms(db, messagingOf(app.deps).delivery, config.SMS_MARKETING_DAILY_CAP),
  });
}
