import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatabaseBusyError, Gate, LoopLag } from '../db/gate.ts';
import { createTestApp, DEMO, isPgMode, type TestApp } from '../test/harness.ts';

/** Keeps the thread busy, as a PGlite query does. */
const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};
const nextTurn = () => new Promise((r) => setTimeout(r, 30));

describe('6. shedding on the embedded database (decision 058)', () => {
  it('the loop lag is read at once: busy thread → large, after a turn → small', async () => {
    const lag = new LoopLag(10);
    try {
      busy(150);
      expect(lag.ms).toBeGreaterThan(100);
      await nextTurn();
      expect(lag.ms).toBeLessThan(50);
    } finally {
      lag.stop();
    }
  });

  it('the gate lets requests in a turn of the event loop at a time, not all at once', async () => {
    const gate = new Gate(16, 100, 5000);
    let admitted = 0;
    const all = Array.from({ length: 5 }, () =>
      gate.enter().then((done) => {
        admitted++;
        busy(60); // more than the turn's budget of 50 ms
        done();
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(admitted).toBeLessThan(5); // the loop got a turn between admissions
    await Promise.all(all);
    expect(admitted).toBe(5);
  });

  it('refuses at once when the expected wait is too long, though the queue has room', async () => {
    const gate = new Gate(1, 1000, 400);
    const all = Array.from({ length: 12 }, () =>
      gate.enter().then(
        (done) => {
          busy(60);
          done();
        },
        (e) => expect(e).toBeInstanceOf(DatabaseBusyError), // waited past 400 ms
      ),
    );
    while (gate.expectedWaitMs <= 400) await new Promise((r) => setImmediate(r));
    expect(gate.queued).toBeLessThan(1000);
    const t0 = performance.now();
    await expect(gate.enter()).rejects.toBeInstanceOf(DatabaseBusyError);
    expect(performance.now() - t0).toBeLessThan(50);
    await Promise.all(all);
  });
});

describe.skipIf(isPgMode())('6. a request read after the thread was blocked gets 503 at once', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PGLITE_MAX_LAG_MS: '100' });
    await nextTurn();
  });
  afterAll(() => t.close());

  it('answers 503 服务繁忙 with Retry-After quickly; the health check still answers; then it serves again', async () => {
    const c = await t.as(DEMO.netbar);
    await nextTurn();
    busy(300); // PGlite held the thread: requests waited unseen in their sockets
    const t0 = performance.now();
    const [shed, health] = await Promise.all([c.get('/api/v1/goods_list'), t.client().get('/api/health')]);
    const took = performance.now() - t0;
    expect(took).toBeLessThan(1000);
    expect(took).toBeGreaterThanOrEqual(90); // refusals are paced (100 ms) so retries cannot flood the thread
    expect(shed.http).toBe(503);
    expect(shed.status).toBe(50300);
    expect(shed.msg).toBe('服务繁忙，请稍后再试');
    expect(shed.headers['retry-after']).toBe('1');
    expect(health.http).toBe(200);
    await nextTurn();
    expect((await c.get('/api/v1/goods_list')).status).toBe(200);
  });
});
