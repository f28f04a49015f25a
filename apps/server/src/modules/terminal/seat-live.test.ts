import { ConsoleKind } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { makeStore, type Store } from '../../test/session-kit.ts';
import { type Frame, listen, openWs, storeIds, terminal } from './terminal-test-kit.ts';

/** SEATS (decision 114): a machine's state change reaches its store's consoles, and no other store's. */

let t: TestApp;
let owner: Client;
let mine: WebSocket;
let other: WebSocket;
let store: Store;
let nid = 0;
beforeAll(async () => {
  t = await createTestApp();
  const owner2 = await t.as(DEMO.netbar2);
  owner = await t.as(DEMO.netbar);
  nid = (await storeIds(t)).星际网咖旗舰店!;
  store = await makeStore(owner, 3);
  [mine, other] = await Promise.all([openWs(t, owner), openWs(t, owner2)]);
  await Promise.all([listen(mine).next((f) => f.type === 1), listen(other).next((f) => f.type === 1)]);
});
afterAll(async () => {
  for (const s of [mine, other]) s?.terminate();
  await t.close();
});

const seatFrames = (ws: WebSocket) => listen(ws).got.filter((f) => f.type === ConsoleKind.SEATS);
/** The next SEATS frame naming `id` on the store's console, after `seen` of them. */
const nextSeats = (id: number, seen = seatFrames(mine).length) =>
  listen(mine).next((f) => f.type === ConsoleKind.SEATS && seatFrames(mine).indexOf(f) >= seen && has(f, id));
const has = (f: Frame, id: number) => Array.isArray(f.ids) && (f.ids as number[]).includes(id);

describe('SEATS on the console socket', () => {
  it("a terminal's state report reaches the store's console, not another store's; no change, no frame", async () => {
    const pc = store.machines[0]!;
    const term = terminal(t.client(), nid);
    const seen = seatFrames(mine).length;
    const r = await term.post('/api/v1/terminal_machine_state', { machines: [{ id: pc, state: '离线' }] });
    expect(r.status, r.msg).toBe(200);
    const f = await nextSeats(pc, seen);
    expect(f).toEqual({ type: ConsoleKind.SEATS, ids: [pc], seq: expect.any(Number) });

    // the same report again changes nothing: no frame
    const again = await term.post('/api/v1/terminal_machine_state', {
      machines: [{ id: pc, state: '离线' }],
    });
    expect(again.status).toBe(200);
    await new Promise((res) => setTimeout(res, 300));
    expect(seatFrames(mine).length).toBe(seen + 1);
    // the other store's console heard nothing of it
    expect(seatFrames(other)).toEqual([]);
  });

  it('staff setting 故障, a reservation and its cancellation each reach the console', async () => {
    const pc = store.machines[1]!;
    let seen = seatFrames(mine).length;
    const s = await owner.post('/api/v1/machine_state', { ids: [pc], state: '故障' });
    expect(s.status, s.msg).toBe(200);
    await nextSeats(pc, seen);
    seen = seatFrames(mine).length;
    expect((await owner.post('/api/v1/machine_state', { ids: [pc], state: '空闲' })).status).toBe(200);
    await nextSeats(pc, seen);

    seen = seatFrames(mine).length;
    const res = await owner.post<{ id: number }>('/api/v1/seat_reserve', {
      machine_id: pc,
      mobile: '13700001111',
    });
    expect(res.status, res.msg).toBe(200);
    await nextSeats(pc, seen);
    seen = seatFrames(mine).length;
    const c = await owner.post('/api/v1/seat_reservation_cancel', { id: res.data.id });
    expect(c.status, c.msg).toBe(200);
    await nextSeats(pc, seen);
    expect(seatFrames(other)).toEqual([]);
  });

  it('a logon and a logoff reach the console', async () => {
    const pc = store.machines[2]!;
    const member_id = await store.member(5000);
    let seen = seatFrames(mine).length;
    const on = await owner.post<{ id: number }>('/api/v1/online_session_start', {
      member_id,
      machine_id: pc,
    });
    expect(on.status, on.msg).toBe(200);
    await nextSeats(pc, seen);
    seen = seatFrames(mine).length;
    const off = await owner.post('/api/v1/online_session_end', { id: on.data.id });
    expect(off.status, off.msg).toBe(200);
    await nextSeats(pc, seen);
    expect(seatFrames(other)).toEqual([]);
  });
});
