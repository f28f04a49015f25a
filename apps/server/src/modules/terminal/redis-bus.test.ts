import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { Client, createTestApp, DEMO, listenSecondInstance, type TestApp } from '../../test/harness.ts';
import { rid } from '../../test/kit.ts';
import { makeMachine, storeIds, terminal } from './terminal-test-kit.ts';

/** With REDIS_URL, two server processes on one database: a BUY that reaches one is heard on the other. */
const url = process.env.REDIS_URL;

describe.skipIf(!url)('the live channel across two app instances (Redis pub/sub)', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof listenSecondInstance>>;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: url! });
    second = await listenSecondInstance(t, 'nbt2');
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('a console on instance B receives the BUY fired at instance A, and its CALL_DOWN wakes A', async () => {
    const owner = await t.as(DEMO.netbar);
    // the console logs in on instance B (each instance keeps its sessions under its own Redis prefix here)
    const onB = new Client(second);
    await onB.login(DEMO.netbar);
    const nid = (await storeIds(t)).星际网咖旗舰店!;
    const pc = await makeMachine(owner, 'R001');
    const cookie = [...onB.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const { port } = second.server.address() as AddressInfo;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/v1/ws`, { headers: { cookie } });
    const frames: { type: number; id?: number }[] = [];
    ws.on('message', (d) => frames.push(JSON.parse(d.toString())));
    await new Promise((r, j) => {
      ws.once('open', r);
      ws.once('error', j);
    });
    const term = terminal(t.client(), nid);
    const b = await term.post<{ id: number }>('/api/v1/terminal_buy', {
      machine_id: pc,
      request_id: rid(),
      items: [{ name: '红牛', qty: 1, price_fen: 600 }],
    });
    await expect
      .poll(() => frames.some((f) => f.type === 2 && f.id === b.data.id), { timeout: 3000 })
      .toBe(true);

    type Feed = { list: { id: number; kind: number }[]; next: number };
    const start = await term.get<Feed>('/api/v1/terminal_acks');
    const poll = term.get<Feed>('/api/v1/terminal_acks', { after: start.data.next, wait: 10 });
    await new Promise((r) => setTimeout(r, 200));
    ws.send(JSON.stringify({ type: 3, id: b.data.id }));
    const woke = await poll;
    expect(woke.data.list.map((f) => [f.id, f.kind])).toEqual([[b.data.id, 3]]);
    ws.terminate();
  });
});
