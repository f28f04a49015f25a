import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, listenSecondInstance, type TestApp } from '../../test/harness.ts';
import { missTwoPushes, openStreamAt, portOf, screen, tokenOf } from './screen-test-kit.ts';

/** With REDIS_URL, two server processes on one database: a cashier on A reaches a screen streaming from B. */
const url = process.env.REDIS_URL;

describe.skipIf(!url)('副屏 across two app instances (its own Redis channel)', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof listenSecondInstance>>;
  let port = 0;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: url! });
    second = await listenSecondInstance(t, 'nbs2');
    port = (second.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('a push at A shows on B’s screen; 重新生成 at A ends B’s stream', async () => {
    const owner = await t.as(DEMO.netbar);
    const token = tokenOf((await screen(owner).read()).data.link);
    const s = await openStreamAt(port, token);
    await expect.poll(() => s.got.length).toBe(1);
    const lines = [{ name: '红牛', qty: 1, amount_fen: 700 }];
    await screen(owner).push({
      stage: 'cart',
      lines,
      list_fen: 700,
      saving_fen: 0,
      total_fen: 700,
      member_name: '李四',
    });
    await expect.poll(() => s.got.length, { timeout: 3000 }).toBe(2);
    expect(s.got[1]!.data).toMatchObject({ stage: 'cart', total_fen: 700, member_name: '李*' });
    await screen(owner).link('regenerate');
    await expect.poll(() => s.ended(), { timeout: 3000 }).toBe(true);
    expect(s.got.at(-1)!.event).toBe('revoked');
  });

  it('a screen on B that drops, misses two pushes made at A and reconnects to A gets those two (decision 198)', async () => {
    const owner = await t.as(DEMO.netbar);
    const token = tokenOf((await screen(owner).read()).data.link);
    const portA = await portOf(t);
    let n = 0;
    await missTwoPushes((id) => openStreamAt(n++ ? portA : port, token, id), owner);
  });
});
