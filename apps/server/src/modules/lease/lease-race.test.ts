import { type LeaseItemRow, type LeaseResult, shanghaiDateTime } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, rid } from '../../test/kit.ts';
import { leaseBookMismatches } from './index.ts';

/** Concurrency (PGlite, and PostgreSQL with TEST_DATABASE_URL): the last unit, a doubled return. */
let t: TestApp;
let owner: Client;
let staff: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  staff = await t.as(DEMO.netbarStaff);
});
afterAll(async () => {
  expect(await leaseBookMismatches(t.database.db)).toEqual({ items: [], till: [] });
  await t.close();
});

const rent = (c: Client, item_id: number) =>
  c.post<LeaseResult>('/api/v1/lease_rent', {
    request_id: rid(),
    item_id,
    qty: 1,
    expected_return_at: shanghaiDateTime(Date.now() + 3600_000).slice(0, 16),
  });

describe('leasing under concurrency', () => {
  it('two cashiers renting the last unit: one succeeds, the other is refused in Chinese, nothing half-written', async () => {
    for (let round = 0; round < 3; round++) {
      const item = await owner.post<LeaseItemRow>('/api/v1/lease_item_save', {
        name: `最后一个手柄${round}`,
        deposit_fen: 5000,
        price_fen: 500,
        price_unit: 'hour',
        initial_qty: 1,
      });
      const [a, b] = await Promise.all([rent(owner, item.data.id), rent(staff, item.data.id)]);
      const answers = [a, b].map((r) => r.status).sort();
      expect(answers).toEqual([200, 40000]);
      const refused = [a, b].find((r) => r.status !== 200)!;
      expect(refused.msg).toBe(`最后一个手柄${round}库存不足：在库0件，需要1件`);
      expect(await countOf(t, 'lease_orders', `item_id = ${item.data.id}`)).toBe(1);
      expect(await countOf(t, 'lease_stock_ledger', `item_id = ${item.data.id}`)).toBe(2);
    }
  });

  it('the same lease returned twice at once (two request ids): one return, one conflict, one refund', async () => {
    const item = await owner.post<LeaseItemRow>('/api/v1/lease_item_save', {
      name: '并发归还',
      deposit_fen: 5000,
      price_fen: 500,
      price_unit: 'hour',
      initial_qty: 1,
    });
    const l = await rent(owner, item.data.id);
    const [a, b] = await Promise.all([
      owner.post('/api/v1/lease_return', { lease_id: l.data.lease.id, request_id: rid() }),
      staff.post('/api/v1/lease_return', { lease_id: l.data.lease.id, request_id: rid() }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 40009]);
    expect(await countOf(t, 'till_ledger', `ref_no = '${l.data.lease.lease_no}'`)).toBe(3);
  });
});
