import { type LeaseItemRow, type LeaseResult, shanghaiDateTime } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { leaseBookMismatches } from './index.ts';

/** A time `minutes` from now as the lease forms take it (YYYY-MM-DD HH:mm, Shanghai). */
export const later = (minutes: number) => shanghaiDateTime(Date.now() + minutes * 60_000).slice(0, 16);

/**
 * The rent/return tests' setting: a fresh app with the demo store owner logged in, the lease books and
 * the member ledger checked after every test, and builders for an item, a rental and the rows it wrote.
 * Call it once at the top of a test file; `k.t` and `k.owner` are set before the first test runs.
 */
export function leaseTestApp() {
  const k = { t: undefined as unknown as TestApp, owner: undefined as unknown as Client };
  beforeAll(async () => {
    k.t = await createTestApp();
    k.owner = await k.t.as(DEMO.netbar);
  });
  afterEach(async () => {
    expect(await leaseBookMismatches(k.t.database.db)).toEqual({ items: [], till: [] });
    await expectMemberLedgerMatches(k.t);
  });
  afterAll(() => k.t.close());

  let n = 0;
  /** A lease item (a controller, ¥100 deposit, ¥5 an hour, 3 on hand unless `over` says otherwise). */
  async function item(over: Record<string, unknown> = {}, c: Client = k.owner) {
    const r = await c.post<LeaseItemRow>('/api/v1/lease_item_save', {
      name: `手柄${++n}`,
      deposit_fen: 10000,
      price_fen: 500,
      price_unit: 'hour',
      initial_qty: 3,
      ...over,
    });
    expect(r.status, r.msg).toBe(200);
    return r.data;
  }
  const rent = (body: Record<string, unknown>, c: Client = k.owner) =>
    c.post<LeaseResult>('/api/v1/lease_rent', {
      request_id: rid(),
      qty: 1,
      expected_return_at: later(180),
      customer_name: '李四',
      ...body,
    });
  const tillOf = (leaseNo: string) =>
    rows<{ kind: string; method: string; amount_fen: number }>(
      k.t.database.db,
      sql`select kind, method, amount_fen::int from till_ledger where ref_no = ${leaseNo} order by id`,
    );
  const itemNow = async (id: number) =>
    (await k.owner.get<LeaseItemRow>('/api/v1/lease_item_detail', { id })).data;
  /** Moves a lease's rent time back (the clock of a test cannot wait two hours). */
  const backdate = (id: number, minutes: number) =>
    rows(
      k.t.database.db,
      sql`update lease_orders set rented_at = rented_at - make_interval(mins => ${minutes}) where id = ${id}`,
    );
  return Object.assign(k, { item, rent, tillOf, itemNow, backdate });
}
