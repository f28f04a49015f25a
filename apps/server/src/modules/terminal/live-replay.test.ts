import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTopic } from '../../lib/live-topic.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  callFrom,
  listen,
  makeMachine,
  missTwoCalls,
  openWs,
  storeIds,
  terminal,
} from './terminal-test-kit.ts';

/** The embedded default (no Redis): a ring per store replays what a reconnecting console missed (decision 198). */
let t: TestApp;
let owner: Client;
let nid = 0;
let pc = 0;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  nid = (await storeIds(t)).星际网咖旗舰店!;
  pc = await makeMachine(owner, 'RP01');
});
afterAll(() => t.close());

describe('replay of the console channel in one process', () => {
  it('a console that misses two CALLs gets exactly those two on reconnect, in order, once, then live', async () => {
    const term = terminal(t.client(), nid);
    const r = await missTwoCalls((q) => openWs(t, owner, {}, q), term, pc);
    expect(typeof r.hello.seq).toBe('number');
    // a resumed console's hello carries no head: its own last id is where it stands
    expect(r.got.find((f) => f.type === 1)?.seq).toBeUndefined();
  });

  it("another store's console resuming from the same id hears none of this store's messages", async () => {
    const other = listen(await openWs(t, await t.as(DEMO.netbar2), {}, '?after=0'));
    await other.next((f) => f.type === 1);
    await callFrom(terminal(t.client(), nid), pc);
    await new Promise((r) => setTimeout(r, 300));
    expect(other.got.filter((f) => f.type !== 1)).toEqual([]);
  });

  it('refuses a malformed last id in Chinese (400), and an agent even with a good one (403)', async () => {
    await expect(openWs(t, owner, {}, '?after=abc')).rejects.toThrow('400');
    await expect(openWs(t, owner, {}, '?after=-1')).rejects.toThrow('400');
    const plain = await owner.get('/api/v1/ws', { after: 'abc' });
    expect([plain.status, plain.msg]).toEqual([40000, '消息序号无效']);
    await expect(openWs(t, await t.as(DEMO.agent), {}, '?after=1')).rejects.toThrow('403');
  });
});

describe('the in-process ring', () => {
  it('keeps the newest per store, forgets after its time, and ids only grow', async () => {
    const topic = memoryTopic(3, 60);
    const seen: number[] = [];
    topic.subscribe((_n, _b, id) => id !== undefined && seen.push(id));
    for (let i = 0; i < 5; i++) await topic.publish(1, { i });
    await topic.publish(1, { wake: true }, false);
    await topic.publish(2, { i: 'other' });
    expect(seen).toHaveLength(6);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);
    const all = await topic.since(1, 0);
    expect(all.entries.map((e) => e.body)).toEqual([{ i: 2 }, { i: 3 }, { i: 4 }]);
    expect(all.head).toBe(seen[4]);
    expect((await topic.since(1, seen[3])).entries.map((e) => e.body)).toEqual([{ i: 4 }]);
    expect(await topic.since(1)).toEqual({ entries: [], head: seen[4] });
    expect(await topic.since(3)).toEqual({ entries: [], head: 0 });
    const orig = Date.now;
    Date.now = () => orig() + 61_000;
    try {
      expect((await topic.since(1, 0)).entries).toEqual([]);
    } finally {
      Date.now = orig;
    }
    await topic.close();
  });
});
