import type { OrderResult, TerminalAckRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  countOf,
  expectMemberLedgerMatches,
  expectStockLedgerMatches,
  makeGoods,
  postStockDoc,
  rid,
} from '../../test/kit.ts';
import { logonStore } from './logon-test-kit.ts';
import { storeIds, terminal } from './terminal-test-kit.ts';

/** Seat orders (decision 134): a BUY from a PC becomes an order; the counter's moves send BUY_DONE. */

let t: TestApp;
let owner: Client;
let owner2: Client;
let nid = 0;
let nid2 = 0;
let machines: number[] = [];
let member = { id: 0, card: '' };
let cola = 0;
type Term = ReturnType<typeof terminal>;
let term: Term;

beforeAll(async () => {
  t = await createTestApp();
  [owner, owner2] = await Promise.all([t.as(DEMO.netbar), t.as(DEMO.netbar2)]);
  const ids = await storeIds(t);
  nid = ids.星际网咖旗舰店!;
  nid2 = ids.极速网吧!;
  term = terminal(t.client(), nid);
  const store = await logonStore(owner, 2);
  machines = store.machines;
  member = await store.member();
  cola = (await makeGoods(owner, '座位可乐', [{ spec: '', cost_fen: 150, price_fen: 300 }])).skuIds[0]!;
  expect(
    (await postStockDoc(owner, 'goods_in', [{ item_kind: 'goods', item_id: cola, qty: 50 }])).status,
  ).toBe(200);
  expect(
    (await postStockDoc(owner, 'goods_bar_in', [{ item_kind: 'goods', item_id: cola, qty: 50 }])).status,
  ).toBe(200);
});
afterAll(() => t.close());

const buy = (machine_id: number, over: Record<string, unknown> = {}) => ({
  machine_id,
  request_id: rid(),
  // the PC's price is only what it showed: the store prices the order
  items: [{ sku_id: cola, name: '座位可乐', qty: 2, price_fen: 1 }],
  ...over,
});
const ordersOf = (requestId: string) => countOf(t, 'orders', `request_id = 'seat-${requestId}'`);
const orderOf = async (id: number) =>
  (await owner.get<OrderResult>('/api/v1/order_detail', { id })).data.order;
const payloadOf = async (id: number) =>
  (
    await rows<{ payload: { order_id?: number; total_fen: number; paid?: boolean } }>(
      t.database.db,
      sql`select payload from terminal_messages where id = ${id}`,
    )
  )[0]!.payload;
const feed = async (id: number) =>
  (await term.get<{ list: TerminalAckRow[] }>('/api/v1/terminal_acks', { after: 0 })).data.list
    .filter((a) => a.id === id)
    .map((a) => a.kind);
const move = (c: Client, order_id: number, action: string) =>
  c.post('/api/v1/order_status', { order_id, action });

describe('a BUY from a PC', () => {
  it('creates exactly one unpaid seat order at the store price, also when retried at once', async () => {
    const body = buy(machines[0]!);
    const answers = await Promise.all(
      [1, 2, 3].map(() => term.post<{ id: number; replay: boolean }>('/api/v1/terminal_buy', body)),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => !a.data.replay)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect((await term.post<{ replay: boolean }>('/api/v1/terminal_buy', body)).data.replay).toBe(true);
    expect(await ordersOf(body.request_id)).toBe(1);
    const p = await payloadOf(answers[0]!.data.id);
    const o = await orderOf(p.order_id!);
    expect([o.source, o.status, o.machine_id, o.total_fen, p.total_fen, p.paid]).toEqual([
      'seat',
      'unpaid',
      machines[0],
      600,
      600,
      false,
    ]);
    // the console's queue shows it with its order
    const pending = await owner.get<{ list: { id: number; payload: { order_no?: string } }[] }>(
      '/api/v1/terminal_message_pending',
    );
    expect(pending.data.list.find((m) => m.id === answers[0]!.data.id)?.payload.order_no).toBe(o.order_no);
  });

  it('is paid from the balance of the member online at that machine when the PC asks', async () => {
    const on = await term.post('/api/v1/terminal_logon', { machine_id: machines[1], card_no: member.card });
    expect(on.status, on.msg).toBe(200);
    const before = await rows<{ fen: number }>(
      t.database.db,
      sql`select (principal_fen + bonus_fen)::int as fen from members where id = ${member.id}`,
    );
    const r = await term.post<{ id: number }>('/api/v1/terminal_buy', buy(machines[1]!, { pay: 'member' }));
    expect(r.status, r.msg).toBe(200);
    const o = await orderOf((await payloadOf(r.data.id)).order_id!);
    expect([o.status, o.member_id, o.paid_fen]).toEqual(['paid', member.id, o.total_fen]);
    expect(r.data).toMatchObject({
      order_id: o.id,
      order_no: o.order_no,
      total_fen: o.total_fen,
      paid: true,
    });
    const after = await rows<{ fen: number }>(
      t.database.db,
      sql`select (principal_fen + bonus_fen)::int as fen from members where id = ${member.id}`,
    );
    expect(before[0]!.fen - after[0]!.fen).toBe(o.total_fen);
    await expectMemberLedgerMatches(t);
    await expectStockLedgerMatches(t);
  });

  it('refuses a balance payment with nobody online, and bad input, writing nothing', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [buy(machines[0]!, { pay: 'member' }), 40000, '本机没有会员上机，不能用余额支付'],
      [buy(machines[0]!, { pay: 'card' }), 40000, '支付方式不正确'],
      [
        buy(machines[0]!, { items: [{ sku_id: 2147483000, name: '无此商品', qty: 1, price_fen: 100 }] }),
        40004,
        '商品「无此商品」不存在',
      ],
    ];
    const messages = await countOf(t, 'terminal_messages');
    const orders = await countOf(t, 'orders');
    for (const [body, status, msg] of cases) {
      const r = await term.post('/api/v1/terminal_buy', body);
      expect([r.status, r.msg]).toEqual([status, msg]);
    }
    expect([await countOf(t, 'terminal_messages'), await countOf(t, 'orders')]).toEqual([messages, orders]);
  });

  it('stays a message only when it names goods the store does not sell by that name', async () => {
    const body = buy(machines[0]!, { items: [{ name: '神秘饮料', qty: 1, price_fen: 500 }] });
    const r = await term.post<{ id: number }>('/api/v1/terminal_buy', body);
    expect(r.status).toBe(200);
    expect(await ordersOf(body.request_id)).toBe(0);
    expect((await payloadOf(r.data.id)).order_id).toBeUndefined();
    // by its exact name it is an order
    const named = buy(machines[0]!, { items: [{ name: '座位可乐', qty: 1, price_fen: 300 }] });
    expect((await term.post('/api/v1/terminal_buy', named)).status).toBe(200);
    expect(await ordersOf(named.request_id)).toBe(1);
  });
});

describe('the counter moves a seat order', () => {
  it('sends BUY_DONE to the machine once, at the first move, through to delivery', async () => {
    const r = await term.post<{ id: number }>('/api/v1/terminal_buy', buy(machines[0]!));
    const orderId = (await payloadOf(r.data.id)).order_id!;
    expect(await feed(r.data.id)).toEqual([]);
    const pay = await owner.post('/api/v1/order_pay', {
      order_id: orderId,
      request_id: rid(),
      payments: JSON.stringify([{ method: 'cash', amount_fen: 600, tendered_fen: 1000 }]),
    });
    expect(pay.status, pay.msg).toBe(200);
    expect(await feed(r.data.id)).toEqual([]);
    for (const a of ['accept', 'prepare', 'deliver'])
      expect((await move(owner, orderId, a)).status).toBe(200);
    expect(await feed(r.data.id)).toEqual([3]);
    expect((await orderOf(orderId)).status).toBe('delivered');
    const row = (
      await term.get<{ list: TerminalAckRow[] }>('/api/v1/terminal_acks', { after: 0 })
    ).data.list.find((a) => a.id === r.data.id)!;
    expect(row.machine_id).toBe(machines[0]);
    // it left the console's queue
    const pending = await owner.get<{ list: { id: number }[] }>('/api/v1/terminal_message_pending');
    expect(pending.data.list.some((m) => m.id === r.data.id)).toBe(false);
  });

  it('acknowledges a cancelled unpaid seat order too', async () => {
    const r = await term.post<{ id: number }>('/api/v1/terminal_buy', buy(machines[0]!));
    const orderId = (await payloadOf(r.data.id)).order_id!;
    expect(
      (await owner.post('/api/v1/order_cancel', { order_id: orderId, reason: '顾客不要了' })).status,
    ).toBe(200);
    expect(await feed(r.data.id)).toEqual([3]);
  });

  it("another store can neither see nor move it, nor order this store's goods", async () => {
    const r = await term.post<{ id: number }>('/api/v1/terminal_buy', buy(machines[0]!));
    const orderId = (await payloadOf(r.data.id)).order_id!;
    expect((await owner2.get('/api/v1/order_detail', { id: orderId })).status).toBe(40004);
    expect((await owner2.post('/api/v1/order_cancel', { order_id: orderId })).status).toBe(40004);
    expect((await move(owner2, orderId, 'accept')).status).toBe(40004);
    expect((await orderOf(orderId)).status).toBe('unpaid');
    expect(await feed(r.data.id)).toEqual([]);
    const store2 = await logonStore(owner2, 1);
    const theirs = await terminal(t.client(), nid2).post('/api/v1/terminal_buy', buy(store2.machines[0]!));
    expect([theirs.status, theirs.msg]).toEqual([40004, '商品「座位可乐」不存在']);
  });
});
