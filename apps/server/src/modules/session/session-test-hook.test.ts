import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  balanceOf,
  machineState,
  makeStore,
  sessionLedgerMismatches,
  sessionOf,
} from '../../test/session-kit.ts';

/** The test hook a browser test uses to watch a session bill and end by balance (decision 120). */

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp({ E2E_TEST_HOOKS: '1' });
  owner = await t.as(DEMO.netbar);
});
afterAll(() => t.close());

const hook = (c: Client, id: number, minutes: number) =>
  c.post<{ ended: boolean; reason: string | null; charged_fen: number }>(
    '/api/v1/__test/session_checkpoint',
    {
      id,
      minutes,
    },
  );

describe('__test/session_checkpoint', () => {
  it('moves a session back a minute at a time and checkpoints it: it bills, then ends when the balance is spent', async () => {
    // 60 元/h = 100 fen a minute; 200 fen pays for two minutes
    const store = await makeStore(owner, 1, { price_per_hour_fen: 6000 });
    const m = await store.member(200);
    const s = await owner.post<{ id: number; charged_fen: number }>('/api/v1/online_session_start', {
      member_id: m,
      machine_id: store.machines[0],
    });
    expect(s.status, s.msg).toBe(200);
    expect(s.data.charged_fen).toBe(100);

    const first = await hook(owner, s.data.id, 1);
    expect(first.data).toEqual({ ended: false, reason: null, charged_fen: 200 });
    expect(await balanceOf(t, m)).toBe(0);
    expect(await machineState(t, store.machines[0]!)).toBe('上机中');

    const second = await hook(owner, s.data.id, 1);
    expect(second.data).toEqual({ ended: true, reason: '余额不足', charged_fen: 200 });
    expect((await sessionOf(t, s.data.id)).end_reason).toBe('余额不足');
    expect(await machineState(t, store.machines[0]!)).toBe('空闲');
    expect(await sessionLedgerMismatches(t)).toEqual([]);

    // ended: nothing left to move
    expect((await hook(owner, s.data.id, 1)).status).toBe(40004);
  });

  it("answers another store's session like a missing one", async () => {
    const store = await makeStore(owner, 1);
    const m = await store.member(5000);
    const s = await owner.post<{ id: number }>('/api/v1/online_session_start', {
      member_id: m,
      machine_id: store.machines[0],
    });
    const other = await t.as(DEMO.netbar2);
    expect((await hook(other, s.data.id, 5)).status).toBe(40004);
    expect((await sessionOf(t, s.data.id)).ended_at).toBeNull();
  });

  it('does not exist without E2E_TEST_HOOKS', async () => {
    const plain = await createTestApp();
    try {
      const c = await plain.as(DEMO.netbar);
      const r = await c.post('/api/v1/__test/session_checkpoint', { id: 1, minutes: 1 });
      expect(r.status).not.toBe(200);
      expect(r.status).not.toBe(40004);
    } finally {
      await plain.close();
    }
  });
});
