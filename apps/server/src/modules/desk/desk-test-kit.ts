import { afterAll, beforeAll, expect } from 'vitest';
import { expectOrdersBalance } from '../../test/counter-kit.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  expectMemberLedgerMatches,
  expectStockLedgerMatches,
  makeGoods,
  postStockDoc,
} from '../../test/kit.ts';

/** What the desk tests start from: the app, the store owner, a room, a table and a good at the counter. */
export interface DeskKit {
  t: TestApp;
  c: Client;
  room: number;
  table: number;
  sku: number;
}

/**
 * The desk tests' setting, registered for the calling file: a fresh app with the demo store owner, the
 * room and the table saved as given, a good (`goods`) bought in and moved to the counter, all handed to
 * `ready` before the first test; at the end the order, stock and member books are checked and the app
 * closed.
 */
export function deskTestApp(
  o: {
    room: Record<string, unknown>;
    table: Record<string, unknown>;
    goods: { name: string; cost_fen: number; price_fen: number; qty: number };
  },
  ready: (k: DeskKit) => void,
) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    const c = await t.as(DEMO.netbar);
    const save = async (b: Record<string, unknown>) => {
      const r = await c.post<{ id: number }>('/api/v1/desk_save', b);
      expect(r.status, r.msg).toBe(200);
      return r.data.id;
    };
    const room = await save({ kind: 'room', ...o.room });
    const table = await save({ kind: 'table', ...o.table });
    const { name, cost_fen, price_fen, qty } = o.goods;
    const sku = (await makeGoods(c, name, [{ spec: '', cost_fen, price_fen }])).skuIds[0]!;
    const line = { item_kind: 'goods', item_id: sku, qty };
    expect((await postStockDoc(c, 'goods_in', [{ ...line, cost_fen }])).status).toBe(200);
    expect((await postStockDoc(c, 'goods_bar_in', [line])).status).toBe(200);
    ready({ t, c, room, table, sku });
  });
  afterAll(async () => {
    if (!t) return;
    await expectOrdersBalance(t);
    await expectStockLedgerMatches(t);
    await expectMemberLedgerMatches(t);
    await t.close();
  });
}
