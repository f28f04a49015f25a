import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, rid } from '../../test/kit.ts';
import { sessionEvents } from '../session/index.ts';
import { makeMachine, storeIds, terminal } from './terminal-test-kit.ts';

let t: TestApp;
let owner: Client;
let owner2: Client;
let nid = 0;
let nid2 = 0;
let pc = 0;
let pc2 = 0;
beforeAll(async () => {
  t = await createTestApp();
  [owner, owner2] = await Promise.all([t.as(DEMO.netbar), t.as(DEMO.netbar2)]);
  const ids = await storeIds(t);
  nid = ids.星际网咖旗舰店!;
  nid2 = ids.极速网吧!;
  pc = await makeMachine(owner, 'T001');
  pc2 = await makeMachine(owner2, 'T001');
});
afterAll(() => t.close());

const buy = (machine_id: number, over: Record<string, unknown> = {}) => ({
  machine_id,
  request_id: rid(),
  items: [
    { name: '可乐', qty: 2, price_fen: 300 },
    { name: '泡面', qty: 1, price_fen: 600 },
  ],
  ...over,
});

describe('terminal authentication (server key)', () => {
  it('refuses a call without key or store id, and a wrong key, with 40005 in Chinese', async () => {
    const anon = t.client();
    const none = await anon.request(
      'POST',
      '/api/v1/terminal_call',
      { machine_id: pc, request_id: rid() },
      { json: true },
    );
    expect([none.http, none.status, none.msg]).toEqual([401, 40005, '缺少服务端凭证或门店编号']);
    const wrong = await terminal(t.client(), nid, 'not-the-key').post('/api/v1/terminal_call', {
      machine_id: pc,
      request_id: rid(),
    });
    expect([wrong.status, wrong.msg]).toEqual([40005, '服务端凭证无效']);
    // a console session is not a terminal credential
    const session = await owner.request(
      'POST',
      '/api/v1/terminal_call',
      { machine_id: pc, request_id: rid() },
      { json: true },
    );
    expect(session.status).toBe(40005);
    expect(await countOf(t, 'terminal_messages')).toBe(0);
  });

  it("another store's key cannot name this store's machines, nor pass as this store", async () => {
    // store 2's own key, store 1's machine: the machine does not exist for store 2
    const asOther = await terminal(t.client(), nid2).post('/api/v1/terminal_call', {
      machine_id: pc,
      request_id: rid(),
    });
    expect([asOther.status, asOther.msg]).toEqual([40004, '机器不存在']);
    const reverse = await terminal(t.client(), nid).post('/api/v1/terminal_buy', buy(pc2));
    expect([reverse.status, reverse.msg]).toEqual([40004, '机器不存在']);
    const state = await terminal(t.client(), nid2).post<{ unknown: number[] }>(
      '/api/v1/terminal_machine_state',
      {
        machines: [{ id: pc, state: '故障' }],
      },
    );
    expect(state.data.unknown).toEqual([pc]);
    const m = await owner.get<{ state: string }>('/api/v1/machine_detail', { id: pc });
    expect(m.data.state).not.toBe('故障');
    // store 2's key presented as store 1
    const swapped = await terminal(t.client(), nid, `demo-server-key-${nid2}`).post('/api/v1/terminal_call', {
      machine_id: pc,
      request_id: rid(),
    });
    expect(swapped.status).toBe(40005);
    expect(await countOf(t, 'terminal_messages')).toBe(0);
  });

  it('turns an address away (42900) after repeated failures', async () => {
    const fresh = await createTestApp();
    try {
      const bad = terminal(fresh.client(), nid, 'guess');
      const codes: number[] = [];
      for (let i = 0; i < 22; i++) codes.push((await bad.get('/api/v1/terminal_acks')).status);
      expect(codes.slice(0, 20).every((c) => c === 40005)).toBe(true);
      expect(codes.slice(20)).toEqual([42900, 42900]);
      const good = await terminal(fresh.client(), nid).get<{ list: unknown[] }>('/api/v1/terminal_acks');
      expect([good.status, good.msg]).toEqual([42900, '服务端凭证错误次数过多，请10分钟后再试']);
    } finally {
      await fresh.close();
    }
    // a second app (a fresh test database) on a loaded machine took over 30 s; a timed-out test left it
    // starting, and it took the session hook from the next test (its 10-minute warning went to that app)
  }, 180_000);
});

describe('seat orders, calls and acknowledgements', () => {
  it('stores a BUY once per request_id with its total, lists it pending, and acknowledges it once', async () => {
    const term = terminal(t.client(), nid);
    const body = buy(pc, { remark: '加冰' });
    const first = await term.post<{ id: number; replay: boolean }>('/api/v1/terminal_buy', body);
    expect([first.status, first.data.replay]).toEqual([200, false]);
    const again = await term.post<{ id: number; replay: boolean }>('/api/v1/terminal_buy', body);
    expect(again.data).toEqual({ id: first.data.id, replay: true });

    type Pending = {
      list: { id: number; machine: string; payload: { total_fen: number; remark: string } }[];
    };
    const pending = await owner.get<Pending>('/api/v1/terminal_message_pending');
    const row = pending.data.list.find((r) => r.id === first.data.id)!;
    expect([row.machine, row.payload.total_fen, row.payload.remark]).toEqual(['T001', 1200, '加冰']);
    // the other store sees nothing and cannot acknowledge it
    expect((await owner2.get<Pending>('/api/v1/terminal_message_pending')).data.list).toEqual([]);
    expect((await owner2.post('/api/v1/terminal_message_ack', { id: first.data.id })).status).toBe(40004);

    const ack = await owner.post<{ acked_at: string; acked_by_name: string }>(
      '/api/v1/terminal_message_ack',
      {
        id: first.data.id,
      },
    );
    expect([ack.status, ack.msg]).toEqual([200, '已处理']);
    const ack2 = await owner.post<{ acked_at: string }>('/api/v1/terminal_message_ack', {
      id: first.data.id,
    });
    expect([ack2.status, ack2.msg, ack2.data.acked_at]).toEqual([200, '该消息已处理过', ack.data.acked_at]);

    type Feed = { list: { seq: number; id: number; kind: number; machine: string }[]; next: number };
    const feed = await term.get<Feed>('/api/v1/terminal_acks', { after: 0 });
    expect(feed.data.list.map((f) => [f.id, f.kind, f.machine])).toEqual([[first.data.id, 3, 'T001']]);
    expect((await term.get<Feed>('/api/v1/terminal_acks', { after: feed.data.next })).data.list).toEqual([]);
    // store 2's feed is its own
    expect((await terminal(t.client(), nid2).get<Feed>('/api/v1/terminal_acks')).data.list).toEqual([]);
  });

  it('the acknowledgement long-poll wakes when staff acknowledge a CALL', async () => {
    const term = terminal(t.client(), nid);
    const call = await term.post<{ id: number }>('/api/v1/terminal_call', {
      machine_id: pc,
      request_id: rid(),
    });
    expect(call.status).toBe(200);
    type Feed = { list: { id: number; kind: number; text: string }[]; next: number };
    const start = await term.get<Feed>('/api/v1/terminal_acks');
    const started = Date.now();
    const poll = term.get<Feed>('/api/v1/terminal_acks', { after: start.data.next, wait: 10 });
    await new Promise((r) => setTimeout(r, 150));
    expect((await owner.post('/api/v1/terminal_message_ack', { id: call.data.id })).status).toBe(200);
    const woke = await poll;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(woke.data.list.map((f) => [f.id, f.kind])).toEqual([[call.data.id, 5]]);
  });

  it("the session domain's 10-minute warning reaches that machine through the feed, not the consoles' list", async () => {
    const term = terminal(t.client(), nid);
    type Feed = { list: { kind: number; machine_id: number | null; text: string }[]; next: number };
    const start = await term.get<Feed>('/api/v1/terminal_acks');
    await sessionEvents()!.warn(nid, { sessionId: 1, machineId: pc, memberId: 1, minutesLeft: 10 });
    const feed = await term.get<Feed>('/api/v1/terminal_acks', { after: start.data.next });
    expect(feed.data.list.map((f) => [f.kind, f.machine_id, f.text])).toEqual([
      [6, pc, '余额即将用完，约剩10分钟，请及时充值'],
    ]);
    // a message to the machine, not a call for staff: it never joins the consoles' pending list
    type Pending = { list: { machine_id: number | null; kind: number }[] };
    const pending = (await owner.get<Pending>('/api/v1/terminal_message_pending')).data.list;
    expect(pending.every((m) => m.kind !== 6)).toBe(true);
  });

  it('machine state reports change free/offline machines and leave staff-set ones', async () => {
    const term = terminal(t.client(), nid);
    const r = await term.post<{ states: { id: number; state: string }[]; unknown: number[] }>(
      '/api/v1/terminal_machine_state',
      {
        machines: [
          { id: pc, state: '离线' },
          { id: 2147483000, state: '空闲' },
        ],
      },
    );
    expect(r.data).toEqual({ states: [{ id: pc, state: '离线' }], unknown: [2147483000] });
    expect((await owner.post('/api/v1/machine_state', { ids: String(pc), state: '停用' })).status).toBe(200);
    const after = await term.post<{ states: { id: number; state: string }[] }>(
      '/api/v1/terminal_machine_state',
      {
        machines: [{ id: pc, state: '空闲' }],
      },
    );
    expect(after.data.states).toEqual([{ id: pc, state: '停用' }]);
    expect((await owner.post('/api/v1/machine_state', { ids: String(pc), state: '空闲' })).status).toBe(200);
  });
});

describe('bad input', () => {
  it('is refused in Chinese and writes nothing', async () => {
    const term = terminal(t.client(), nid);
    const before = await countOf(t, 'terminal_messages');
    const cases: [string, Record<string, unknown>, string][] = [
      ['/api/v1/terminal_buy', buy(pc, { items: [] }), '商品为1-50项'],
      [
        '/api/v1/terminal_buy',
        buy(pc, { items: [{ name: '可乐', qty: 0, price_fen: 300 }] }),
        '数量为1-99的整数',
      ],
      [
        '/api/v1/terminal_buy',
        buy(pc, { items: [{ name: '可乐', qty: 1, price_fen: -1 }] }),
        '单价须为0-100,000元',
      ],
      [
        '/api/v1/terminal_buy',
        buy(pc, { items: [{ name: '显卡', qty: 99, price_fen: 9_000_000 }] }),
        '订单金额不能超过100,000元',
      ],
      ['/api/v1/terminal_buy', buy(pc, { request_id: 'x' }), '请求标识为8-64位字母、数字、-或_'],
      ['/api/v1/terminal_buy', buy(0), '机器编号无效'],
      [
        '/api/v1/terminal_call',
        { machine_id: pc, request_id: rid(), content: 'x'.repeat(101) },
        '呼叫内容最多100个字符',
      ],
      ['/api/v1/terminal_call', { machine_id: 'A001', request_id: rid() }, '机器编号无效'],
      [
        '/api/v1/terminal_machine_state',
        { machines: [{ id: pc, state: '上机中' }] },
        '机器状态只能是空闲、离线或故障',
      ],
      [
        '/api/v1/terminal_machine_state',
        {
          machines: [
            { id: pc, state: '空闲' },
            { id: pc, state: '离线' },
          ],
        },
        '机器不能重复上报',
      ],
    ];
    for (const [url, body, msg] of cases) {
      const r = await term.post(url, body);
      expect([url, r.http, r.status, r.msg]).toEqual([url, 400, 40000, msg]);
    }
    const wait = await term.get('/api/v1/terminal_acks', { wait: 26 });
    expect([wait.status, wait.msg]).toEqual([40000, '等待时间为0-25秒']);
    expect(await countOf(t, 'terminal_messages')).toBe(before);
    expect((await owner.post('/api/v1/terminal_message_ack', { id: 'abc' })).status).toBe(40000);
    expect((await owner.post('/api/v1/terminal_message_ack', { id: 999999 })).msg).toBe('消息不存在');
  });

  it('logoff ends the session on that machine through the session domain, else says there is none', async () => {
    const term = terminal(t.client(), nid);
    const none = await term.post('/api/v1/terminal_logoff', { machine_id: pc });
    expect([none.status, none.msg]).toEqual([40004, '该机器没有上机中的会员']);
    expect(
      (await terminal(t.client(), nid2).post('/api/v1/terminal_logoff', { machine_id: pc })).status,
    ).toBe(40004);
    expect((await term.post('/api/v1/terminal_logoff', {})).msg).toBe('机器编号无效');
  });

  it('logon and balance find the card in the store; an unknown card or a bad one is refused in Chinese', async () => {
    const term = terminal(t.client(), nid);
    const unknown = await term.get('/api/v1/terminal_balance', { card_no: 'NOSUCHCARD1' });
    expect([unknown.status, unknown.msg]).toEqual([40004, '会员卡不存在']);
    const logon = await term.post('/api/v1/terminal_logon', { machine_id: pc, card_no: 'NOSUCHCARD1' });
    expect([logon.status, logon.msg]).toEqual([40004, '会员卡不存在']);
    const bad = await term.get('/api/v1/terminal_balance', { card_no: '卡-1' });
    expect([bad.status, bad.msg]).toEqual([40000, '卡号为1-32位字母或数字']);
    expect((await term.post('/api/v1/terminal_logon', { machine_id: pc })).msg).toBe(
      '卡号为1-32位字母或数字',
    );
  });

  it('console calls refuse agents and administrators', async () => {
    const agent = await t.as(DEMO.agent);
    expect((await agent.get('/api/v1/terminal_message_pending')).status).toBe(40003);
    expect((await agent.post('/api/v1/terminal_message_ack', { id: 1 })).status).toBe(40003);
  });
});
