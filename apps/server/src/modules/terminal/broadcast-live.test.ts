import { ConsoleKind, shanghaiDate } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { makeStore, type Store } from '../../test/session-kit.ts';
import { listen, openWs } from './terminal-test-kit.ts';

/**
 * The voice announcer's frames (decision 189): 余额不足 (BALANCE_LOW 104, the session's ten-minute warning)
 * and 会员生日 (BIRTHDAY 105, a logon on the member's birthday) reach the store's consoles with the machine
 * and the masked member, and never another store's.
 */

let t: TestApp;
let owner: Client;
let mine: WebSocket;
let other: WebSocket;
let store: Store;
beforeAll(async () => {
  t = await createTestApp({ E2E_TEST_HOOKS: '1' });
  owner = await t.as(DEMO.netbar);
  const owner2 = await t.as(DEMO.netbar2);
  store = await makeStore(owner, 2);
  [mine, other] = await Promise.all([openWs(t, owner), openWs(t, owner2)]);
  await Promise.all([listen(mine).next((f) => f.type === 1), listen(other).next((f) => f.type === 1)]);
});
afterAll(async () => {
  for (const s of [mine, other]) s?.terminate();
  await t.close();
});

const logon = async (member_id: number, machine_id: number) => {
  const r = await owner.post<{ id: number }>('/api/v1/online_session_start', { member_id, machine_id });
  expect(r.status, r.msg).toBe(200);
  return r.data.id;
};
const announced = (ws: WebSocket) =>
  listen(ws).got.filter((f) => f.type === ConsoleKind.BALANCE_LOW || f.type === ConsoleKind.BIRTHDAY);
const machineName = async (id: number) =>
  (await owner.get<{ machine: string }>('/api/v1/broadcast_subject', { machine_id: id })).data.machine;

describe('the voice announcer’s live frames', () => {
  it('余额不足: the ten-minute warning reaches the store’s console with the machine and the masked member', async () => {
    const pc = store.machines[0]!;
    const m = await store.member(150);
    const id = await logon(m, pc);
    // no birthday: the logon announces nothing
    await new Promise((r) => setTimeout(r, 200));
    expect(announced(mine)).toEqual([]);
    const c = await owner.post('/api/v1/__test/session_checkpoint', { id, minutes: 5 });
    expect(c.status, c.msg).toBe(200);
    const f = await listen(mine).next((x) => x.type === ConsoleKind.BALANCE_LOW);
    expect(f).toMatchObject({ machine_id: pc, machine: await machineName(pc), minutes_left: 9 });
    expect(f.member_name).toMatch(/^会\*{3}$/);
    expect(announced(other)).toEqual([]);
    await owner.post('/api/v1/online_session_end', { id });
  });

  it('会员生日: a logon on the member’s birthday is announced once, with the masked name', async () => {
    const pc = store.machines[1]!;
    const today = shanghaiDate().slice(5);
    const m = await store.member(5000, { birthday: `1995-${today}` });
    const id = await logon(m, pc);
    const f = await listen(mine).next((x) => x.type === ConsoleKind.BIRTHDAY);
    expect(f).toMatchObject({ type: ConsoleKind.BIRTHDAY, machine_id: pc, machine: await machineName(pc) });
    expect(f.member_name).toMatch(/^会\*{3}$/);
    expect(announced(mine).filter((x) => x.type === ConsoleKind.BIRTHDAY)).toHaveLength(1);
    expect(announced(other)).toEqual([]);
    await owner.post('/api/v1/online_session_end', { id });
  });
});
