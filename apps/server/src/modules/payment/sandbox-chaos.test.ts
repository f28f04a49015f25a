import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { c1, injectSender, notificationOutcomes, paymentState, payRid } from '../../test/payment-kit.ts';
import { paymentsOf } from './index.ts';

/** PAYMENT_SANDBOX_CHAOS=both: every notification is sent twice and newest first, deterministically. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PAYMENT_SANDBOX_CHAOS: 'both' });
});
afterAll(() => t.close());

describe('a misbehaving acquirer', () => {
  it('notifications twice and out of order: each payment is settled once, the rest acknowledged as repeats', async () => {
    const shop = await t.as(DEMO.netbar);
    const svc = paymentsOf(t.app.deps);
    const nos: string[] = [];
    for (const amount_fen of [110, 220, 330]) {
      const r = await c1(shop, 'POST', 'pay_create', { amount_fen, method: 'wechat', request_id: payRid() });
      nos.push(r.data.payment_no);
      await svc.sandbox.pay(r.data.payment_no);
    }
    expect(await svc.backgroundPass(injectSender(t.app))).toEqual({ sent: 6, acked: 6 });
    for (const no of nos) {
      expect((await paymentState(t.app, no)).status).toBe('已支付');
      expect(await notificationOutcomes(t.app, no)).toEqual({ settled: 1, repeated: 1 });
    }
    // newest first: the last payment was settled before the first
    const order = await rows<{ payment_no: string }>(
      t.database.db,
      sql`select payment_no from payment_notifications where outcome = 'settled' order by id`,
    );
    // the demo's own scan payments have settled notifications too (decision 172): this test's three only
    expect(order.map((o) => o.payment_no).filter((n) => nos.includes(n))).toEqual([...nos].reverse());
  });
});
