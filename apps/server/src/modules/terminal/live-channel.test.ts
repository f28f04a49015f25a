import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, rid } from '../../test/kit.ts';
import { listen, makeMachine, openWs, storeIds, terminal } from './terminal-test-kit.ts';

let t: TestApp;
let owner: Client;
let owner2: Client;
let nid = 0;
let pc = 0;
const sockets: WebSocket[] = [];
beforeAll(async () => {
  t = await createTestApp();
  [owner, owner2] = await Promise.all([t.as(DEMO.netbar), t.as(DEMO.netbar2)]);
  nid = (await storeIds(t)).星际网咖旗舰店!;
  pc = await makeMachine(owner, 'W001');
});
afterAll(async () => {
  for (const s of sockets) s.terminate();
  await t.close();
});
const open = async (c: Client, headers?: Record<string, string>) => {
  const ws = await openWs(t, c, headers);
  sockets.push(ws);
  return ws;
};

describe('who may open the console socket', () => {
  it('refuses an upgrade without a session (401) and from an agent or administrator (403)', async () => {
    await expect(openWs(t, t.client())).rejects.toThrow('401');
    await expect(openWs(t, await t.as(DEMO.agent))).rejects.toThrow('403');
    await expect(openWs(t, await t.as(DEMO.admin))).rejects.toThrow('403');
  });

  it("refuses another site's page (Origin) and answers a plain GET in Chinese", async () => {
    await expect(open(owner, { origin: 'https://evil.example' })).rejects.toThrow('403');
    const plain = await owner.get('/api/v1/ws');
    expect([plain.status, plain.msg]).toEqual([40000, '请使用 WebSocket 连接此地址']);
  });

  it('a store user connects, gets a PING hello, and PING is answered', async () => {
    const ws = await open(await t.as(DEMO.netbarStaff));
    const rx = listen(ws);
    await rx.next((f) => f.type === 1);
    ws.send(JSON.stringify({ type: 1 }));
    await expect.poll(() => rx.got.filter((f) => f.type === 1).length).toBe(2);
    ws.send('not json');
    expect((await rx.next((f) => f.type === -1)).msg).toBe('消息格式错误');
    ws.send(JSON.stringify({ type: 42 }));
    await expect.poll(() => rx.got.filter((f) => f.msg === '无法识别的消息').length).toBe(1);
  });

  it('closes the socket once the session is logged out', async () => {
    const c = await t.as(DEMO.netbar);
    const ws = await open(c);
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    await listen(ws).next((f) => f.type === 1);
    expect((await c.get('/api/v1/logout')).status).toBe(200);
    // the re-check runs on a PING once its interval passed: force it by ageing the socket's last check
    const orig = Date.now;
    Date.now = () => orig() + 31_000;
    try {
      ws.send(JSON.stringify({ type: 1 }));
      expect(await closed).toBe(4401);
    } finally {
      Date.now = orig;
    }
  });
});

describe('delivery and acknowledgement', () => {
  it("a BUY reaches the store's sockets and not another store's; CALL_DOWN over the socket is idempotent", async () => {
    const [mine, other] = [listen(await open(owner)), listen(await open(owner2))];
    await Promise.all([mine.next((f) => f.type === 1), other.next((f) => f.type === 1)]);
    const term = terminal(t.client(), nid);
    const b = await term.post<{ id: number }>('/api/v1/terminal_buy', {
      machine_id: pc,
      request_id: rid(),
      items: [{ name: '可乐', qty: 1, price_fen: 300 }],
    });
    const got = await mine.next((f) => f.type === 2 && f.id === b.data.id);
    expect([got.machine, (got.payload as { total_fen: number }).total_fen]).toEqual(['W001', 300]);

    const call = await term.post<{ id: number }>('/api/v1/terminal_call', {
      machine_id: pc,
      request_id: rid(),
    });
    expect((await mine.next((f) => f.type === 4 && f.id === call.data.id)).payload).toEqual({
      content: '呼叫网管',
    });

    // staff acknowledge on the socket, twice: one CALL_DOWN to every console, one row in the feed
    const staffWs = await open(owner);
    const staff = listen(staffWs);
    await staff.next((f) => f.type === 1);
    staffWs.send(JSON.stringify({ type: 5, id: call.data.id }));
    staffWs.send(JSON.stringify({ type: 5, id: call.data.id }));
    const down = await mine.next((f) => f.type === 5 && f.id === call.data.id);
    expect(down.acked_by_name).toBeTruthy();
    await new Promise((r) => setTimeout(r, 300));
    expect(mine.got.filter((f) => f.type === 5).length).toBe(1);
    expect(other.got.filter((f) => f.type !== 1)).toEqual([]);
    type Feed = { list: { id: number; kind: number }[] };
    const feed = await term.get<Feed>('/api/v1/terminal_acks');
    expect(feed.data.list.filter((f) => f.id === call.data.id).map((f) => f.kind)).toEqual([5]);

    // another store's user cannot acknowledge it over its socket either
    const otherWs = await open(owner2);
    const o2 = listen(otherWs);
    await o2.next((f) => f.type === 1);
    otherWs.send(JSON.stringify({ type: 3, id: b.data.id }));
    expect((await o2.next((f) => f.type === -1)).msg).toBe('消息不存在');
  });

  it('ALL goes to every console of the store and into the terminal feed', async () => {
    const a = await open(owner);
    const rx = listen(a);
    await rx.next((f) => f.type === 1);
    a.send(JSON.stringify({ type: 6, text: '今晚十点停水' }));
    expect((await rx.next((f) => f.type === 6)).text).toBe('今晚十点停水');
    const feed = await terminal(t.client(), nid).get<{ list: { kind: number; text: string }[] }>(
      '/api/v1/terminal_acks',
    );
    expect(feed.data.list.filter((f) => f.kind === 6).map((f) => f.text)).toEqual(['今晚十点停水']);
    a.send(JSON.stringify({ type: 6, text: '' }));
    a.send(JSON.stringify({ type: 3, id: 'x' }));
    await expect.poll(() => rx.got.filter((f) => f.type === -1).length).toBe(2);
    expect(await countOf(t, 'terminal_messages', 'kind = 6')).toBe(1);
  });
});
