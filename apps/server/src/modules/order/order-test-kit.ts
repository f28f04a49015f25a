import type { OrderResult } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { rows } from '../../db/client.ts';
import { expectOrdersBalance } from '../../test/counter-kit.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import {
  expectMemberLedgerMatches,
  expectStockLedgerMatches,
  makeGoods,
  postStockDoc,
  rid,
} from '../../test/kit.ts';

/** Builders of the order tests: goods on the counter, a member with money, a ring-up, the invariants. */

/**
 * The order tests' setting, registered for the calling file: a fresh app with the demo store owner logged
 * in (handed to `ready` before the first test, which may set up more), the order, stock and member books
 * checked after every test, the app closed at the end.
 */
export function orderTestApp(ready: (t: TestApp, owner: Client) => void | Promise<void>) {
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp();
    await ready(t, await t.as(DEMO.netbar));
  });
  afterEach(async () => {
    await expectOrdersBalance(t!);
    await expectStockLedgerMatches(t!);
    await expectMemberLedgerMatches(t!);
  });
  afterAll(() => t?.close());
}

/** A good (cost ¥1, price ¥3 by default) with `qty` units on the counter; returns its SKU id. */
export async function counterGoods(
  c: Client,
  name: string,
  qty: number,
  sku: { cost_fen?: number; price_fen?: number; member_price_fen?: number } = {},
) {
  const { skuIds } = await makeGoods(c, name, [{ spec: '', ...sku }]);
  const sku0 = skuIds[0]!;
  if (qty > 0) {
    expect((await postStockDoc(c, 'goods_in', [{ item_kind: 'goods', item_id: sku0, qty }])).status).toBe(
      200,
    );
    expect((await postStockDoc(c, 'goods_bar_in', [{ item_kind: 'goods', item_id: sku0, qty }])).status).toBe(
      200,
    );
  }
  return sku0;
}

export const ringUp = (c: Client, body: Record<string, unknown>) =>
  c.request<OrderResult>('POST', '/api/v1/order_create', { request_id: rid(), ...body }, { json: true });
export const post = (c: Client, url: string, body: Record<string, unknown>) =>
  c.request<OrderResult>('POST', url, body, { json: true });

export async function counterQty(t: TestApp, sku: number): Promise<number> {
  const r = await rows<{ q: number }>(
    t.database.db,
    sql`select coalesce(sum(qty), 0)::int as q from stock_levels where item_kind = 'goods' and item_id = ${sku} and location = 'counter'`,
  );
  return r[0]!.q;
}

// shared with the desk and lease tests through the server test kit (a module imports no other module's files)
export { expectOrdersBalance, memberWith } from '../../test/counter-kit.ts';
