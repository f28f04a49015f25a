import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisTopic } from '../../lib/live-topic.ts';
import { Client, createTestApp, DEMO, listenSecondInstance, type TestApp } from '../../test/harness.ts';
import { rid } from '../../test/kit.ts';
import {
  callFrom,
  listen,
  makeMachine,
  missTwoCalls,
  openWsAt,
  storeIds,
  terminal,
} from './terminal-test-kit.ts';

/**
 * With REDIS_URL, two app instances on one database and one Redis (decision 198): a CALL that reaches A
 * is heard by a console on B, and a console that drops and reconnects — to the other instance, as a
 * balancer may send it — gets exactly what it missed, from the store's Redis Stream.
 */
const url = process.env.REDIS_URL;

describe.skipIf(!url)('the console channel across two app instances, with replay', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof listenSecondInstance>>;
  let portA = 0;
  let portB = 0;
  let onA: Client;
  let onB: Client;
  let nid = 0;
  let pc = 0;
  beforeAll(async () => {
    t = await createTestApp({ REDIS_URL: url! });
    // sessions under its own prefix here (each instance logs in): the channel is named from the database
    second = await listenSecondInstance(t, 'nbt2');
    portB = (second.server.address() as AddressInfo).port;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    portA = (t.app.server.address() as AddressInfo).port;
    onA = await t.as(DEMO.netbar);
    onB = new Client(second);
    await onB.login(DEMO.netbar);
    nid = (await storeIds(t)).星际网咖旗舰店!;
    pc = await makeMachine(onA, 'RC01');
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('a console on B receives the CALL sent through A, with its replay id', async () => {
    const ws = await openWsAt(portB, onB);
    const rx = listen(ws);
    await rx.next((f) => f.type === 1);
    const id = await callFrom(terminal(t.client(), nid), pc);
    const got = await rx.next((f) => f.type === 4 && f.id === id);
    expect(got.payload).toEqual({ content: '呼叫网管' });
    expect(typeof got.seq).toBe('number');
    ws.terminate();
  });

  it('a console on B that misses two CALLs sent through A, reconnecting to A, gets those two, in order, once', async () => {
    let n = 0;
    // first socket on B, the reconnect on A
    const open = (q: string) => (n++ ? openWsAt(portA, onA, {}, q) : openWsAt(portB, onB, {}, q));
    await missTwoCalls(open, terminal(t.client(), nid), pc);
  });

  it("the other store's console on B, resuming from 0, hears none of them; a bad id is refused", async () => {
    const other = new Client(second);
    await other.login(DEMO.netbar2);
    const rx = listen(await openWsAt(portB, other, {}, '?after=0'));
    await rx.next((f) => f.type === 1);
    await callFrom(terminal(t.client(), nid), pc);
    await new Promise((r) => setTimeout(r, 300));
    expect(rx.got.filter((f) => f.type !== 1)).toEqual([]);
    await expect(openWsAt(portB, onB, {}, '?after=1.5')).rejects.toThrow('400');
  });

  it('the Redis topic: ids grow across publishers, the stream keeps the newest, a wake-up is not kept', async () => {
    const ch = `netbar:test:${rid()}`;
    const [a, b] = await Promise.all([
      redisTopic(url!, ch, () => {}, 4, 30),
      redisTopic(url!, ch, () => {}, 4, 30),
    ]);
    const heard: number[] = [];
    b.subscribe((_n, _body, id) => id !== undefined && heard.push(id));
    for (let i = 0; i < 8; i++) await (i % 2 ? a : b).publish(7, { i });
    await a.publish(7, { wake: 1 }, false);
    await expect.poll(() => heard.length).toBe(8);
    expect([...heard].sort((x, y) => x - y)).toEqual(heard);
    const kept = await a.since(7, 0);
    // MAXLEN ~ trims whole nodes: at least the newest 4, in order, ending at the head
    expect(kept.entries.length).toBeGreaterThanOrEqual(4);
    expect(kept.entries.at(-1)).toEqual({ id: heard[7], body: { i: 7 } });
    expect(await a.since(7, heard[5])).toEqual({
      entries: [
        { id: heard[6], body: { i: 6 } },
        { id: heard[7], body: { i: 7 } },
      ],
      head: heard[7],
    });
    expect(await b.since(7)).toEqual({ entries: [], head: heard[7] });
    await Promise.all([a.close(), b.close()]);
  });
});
