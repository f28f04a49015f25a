import type { FastifyInstance } from 'fastify';
import { type NoticeSender, paymentsOf } from '../modules/payment/index.ts';

/** Milliseconds between passes of the sandbox acquirer's delivery (a paid pay page wakes it at once). */
export const PAYMENT_NOTIFY_EVERY_MS = 1_000;

/**
 * The built-in sandbox acquirer's sender (decision 160): every second, outside unit tests, the notifications
 * due (new ones, and repeats of the unacknowledged after their backoff) are signed and posted to our
 * notification endpoint, in process; duplicates of a purpose left unrefunded are refunded. The queue is
 * a table, so a restart resumes it; another process's claimed rows are skipped.
 */
export function paymentNotifyJob(app: FastifyInstance) {
  // in-process test apps settle by hand (backgroundPass); the browser tests' server process pays like a
  // real one: the acquirer's notification settles a payment the moment the pay page is paid
  const { NODE_ENV, E2E_TEST_HOOKS } = app.deps.config;
  const svc = paymentsOf(app.deps);
  const send: NoticeSender = async (url, headers, body) => {
    const res = await app.inject({ method: 'POST', url: new URL(url).pathname, headers, payload: body });
    return { http: res.statusCode, body: res.body };
  };
  const job = app.jobs.add({
    name: 'payment-notify',
    title: '沙箱支付通知发送',
    everyMs: PAYMENT_NOTIFY_EVERY_MS,
    enabled: NODE_ENV !== 'test' || !!E2E_TEST_HOOKS,
    run: async () => {
      for (let i = 0; i < 20; i++) if ((await svc.backgroundPass(send)).sent === 0) break;
    },
  });
  if (NODE_ENV === 'test' && !E2E_TEST_HOOKS) return;
  svc.wake.fn = () => job.wake();
  app.addHook('onClose', async () => {
    svc.wake.fn = () => {};
  });
}
