import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseBusyError, Gate } from '../db/gate.ts';
import { createTestApp, DEMO, isPgMode, type TestApp } from '../test/harness.ts';

describe('6. the queue in front of the embedded database', () => {
  it('is bounded: a full queue refuses at once, a long wait ends in busy, slots pass on', async () => {
    const gate = new Gate(1, 2, 100);
    const first = await gate.enter();
    const waiting = [gate.enter(), gate.enter()];
    const t0 = Date.now();
    await expect(gate.enter()).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(Date.now() - t0).toBeLessThan(50);
    first();
    const second = await waiting[0]!;
    await expect(waiting[1]!).rejects.toBeInstanceOf(DatabaseBusyError); // waited 100 ms
    second();
    second(); // twice is harmless
    const again = await gate.enter();
    again();
    expect(gate.queued).toBe(0);
  });
});

describe.skipIf(isPgMode())('6. overload on PGlite answers 503 服务繁忙 quickly', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PGLITE_QUEUE_MAX: '2', PGLITE_QUEUE_TIMEOUT_MS: '5000' });
  });
  afterAll(() => t.close());

  it('a burst beyond the queue gets 503 with Retry-After and the envelope; the rest are served', async () => {
    const c = await t.as(DEMO.netbar);
    const answers = await Promise.all(Array.from({ length: 30 }, () => c.get('/api/v1/goods_list')));
    const busy = answers.filter((a) => a.http === 503);
    const served = answers.filter((a) => a.http === 200);
    expect(busy.length).toBeGreaterThan(0);
    expect(served.length).toBeGreaterThanOrEqual(4);
    expect(busy.length + served.length).toBe(30);
    for (const b of busy) {
      expect(b.status).toBe(50300);
      expect(b.msg).toBe('服务繁忙，请稍后再试');
      expect(b.headers['retry-after']).toBe('1');
    }
    expect((await c.get('/api/v1/goods_list')).status).toBe(200); // and it recovers
  });
});
