import { type LeaseItemRow, type LeaseResult, leaseCashRound, shanghaiDateTime } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { memberWith } from '../../test/counter-kit.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { leaseBookMismatches } from './index.ts';

/** 抹分 when a rental is settled (decision 143): the cash the drawer nets is whole 角, the 分 off the fee. */

let t: TestApp;
let owner: Client;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
});
afterEach(async () => {
  expect(await leaseBookMismatches(t.database.db)).toEqual({ items: [], till: [] });
  await expectMemberLedgerMatches(t);
});
afterAll(() => t.close());

let n = 0;
async function item(deposit_fen: number, price_fen: number) {
  const r = await owner.post<LeaseItemRow>('/api/v1/lease_item_save', {
    name: `抹分耳机${++n}`,
    deposit_fen,
    price_fen,
    price_unit: 'use',
    initial_qty: 3,
  });
  expect(r.status, r.msg).toBe(200);
  return r.data.id;
}
async function rent(item_id: number, extra: Record<string, unknown> = {}) {
  const r = await owner.post<LeaseResult>('/api/v1/lease_rent', {
    request_id: rid(),
    item_id,
    qty: 1,
    expected_return_at: shanghaiDateTime(Date.now() + 3 * 3600_000).slice(0, 16),
    customer_name: '赵六',
    ...extra,
  });
  expect(r.status, r.msg).toBe(200);
  return r.data.lease;
}
const giveBack = (lease_id: number, extra: Record<string, unknown> = {}, c = owner) =>
  c.post<LeaseResult>('/api/v1/lease_return', { lease_id, request_id: rid(), ...extra });
const tillOf = (leaseNo: string) =>
  rows<{ kind: string; method: string; amount_fen: number }>(
    t.database.db,
    sql`select kind, method, amount_fen::int from till_ledger where ref_no = ${leaseNo} order by id`,
  );

describe('抹分 at a lease return', () => {
  it('works out the fewest 分 that leave the cash whole 角', () => {
    expect(leaseCashRound(10000, 237, 'cash', 'cash')).toBe(7);
    expect(leaseCashRound(100, 237, 'member', 'cash')).toBe(7);
    expect(leaseCashRound(10000, 237, 'member', 'member')).toBe(0);
    expect(leaseCashRound(100, 237, 'cash', 'member')).toBe(0);
    expect(leaseCashRound(10000, 230, 'cash', 'cash')).toBe(0);
  });

  it('gives back ¥97.70 of a ¥100 cash deposit for a ¥2.37 fee: fee ¥2.30, 抹零 7 分, once per request', async () => {
    const lease = await rent(await item(10000, 237));
    const request_id = rid();
    const r = await giveBack(lease.id, { request_id });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.lease).toMatchObject({ fee_fen: 230, refund_fen: 9770, extra_fen: 0, round_fen: 7 });
    expect(await tillOf(lease.lease_no)).toEqual([
      { kind: 'lease_deposit', method: 'cash', amount_fen: 10000 },
      { kind: 'lease_refund', method: 'cash', amount_fen: -10000 },
      { kind: 'lease_fee', method: 'cash', amount_fen: 230 },
    ]);
    const again = await giveBack(lease.id, { request_id });
    expect(again.data.replay).toBe(true);
    expect(await tillOf(lease.lease_no)).toHaveLength(3);
  });

  it('rounds the part above a card deposit paid in cash; a card-only settlement stays to the fen', async () => {
    const member = await memberWith(owner, 20000);
    const small = await rent(await item(100, 237), { member_id: member, pay_method: 'member' });
    const r = await giveBack(small.id, { pay_method: 'cash' });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.lease).toMatchObject({ fee_fen: 230, extra_fen: 130, round_fen: 7 });
    const card = await rent(await item(10000, 237), { member_id: member, pay_method: 'member' });
    const c = await giveBack(card.id);
    expect(r.status, r.msg).toBe(200);
    expect(c.data.lease).toMatchObject({ fee_fen: 237, refund_fen: 9763, round_fen: 0 });
  });

  it('refuses another store and a bad method, writing nothing', async () => {
    const lease = await rent(await item(10000, 237));
    const before = await count(t, 'till_ledger');
    const other = await giveBack(lease.id, {}, await t.as(DEMO.netbar2));
    expect(other.status).toBe(40004);
    const bad = await giveBack(lease.id, { pay_method: 'card' });
    expect(bad.status).toBe(40000);
    expect(await count(t, 'till_ledger')).toBe(before);
  });
});

describe('抹分 on a deposit taken at rent-out', () => {
  it('takes a ¥25.05 cash deposit as ¥25.00 (the lease keeps ¥25.00 and gives it back); two units ¥50.10 as they are', async () => {
    const id = await item(2505, 300);
    const one = await rent(id);
    expect(one.deposit_fen).toBe(2500);
    const r = await giveBack(one.id);
    expect(r.status, r.msg).toBe(200);
    expect(r.data.lease).toMatchObject({ deposit_fen: 2500, fee_fen: 300, refund_fen: 2200, round_fen: 0 });
    expect(await tillOf(one.lease_no)).toEqual([
      { kind: 'lease_deposit', method: 'cash', amount_fen: 2500 },
      { kind: 'lease_refund', method: 'cash', amount_fen: -2500 },
      { kind: 'lease_fee', method: 'cash', amount_fen: 300 },
    ]);
    const two = await rent(id, { qty: 2 });
    expect(two.deposit_fen).toBe(5010);
    // a loss keeps the deposit taken
    const lost = await rent(id);
    const l = await owner.post<LeaseResult>('/api/v1/lease_lost', {
      lease_id: lost.id,
      kind: 'lost',
      reason: '顾客弄丢了',
      request_id: rid(),
    });
    expect(l.status, l.msg).toBe(200);
    expect(l.data.lease).toMatchObject({ fee_fen: 2500, refund_fen: 0 });
  });

  it('a deposit from the member balance stays to the fen', async () => {
    const member = await memberWith(owner, 20000);
    const lease = await rent(await item(2505, 300), { member_id: member, pay_method: 'member' });
    expect(lease.deposit_fen).toBe(2505);
    expect(await tillOf(lease.lease_no)).toEqual([
      { kind: 'lease_deposit', method: 'member', amount_fen: 2505 },
    ]);
  });

  it("refuses another store's item and a bad quantity, writing nothing", async () => {
    const id = await item(2505, 300);
    const before = await count(t, 'till_ledger');
    const body = {
      item_id: id,
      qty: 1,
      expected_return_at: shanghaiDateTime(Date.now() + 3 * 3600_000).slice(0, 16),
    };
    const other = await (await t.as(DEMO.netbar2)).post('/api/v1/lease_rent', { ...body, request_id: rid() });
    expect(other.status).toBe(40004);
    const bad = await owner.post('/api/v1/lease_rent', { ...body, qty: 0, request_id: rid() });
    expect(bad.status).toBe(40000);
    expect(await count(t, 'till_ledger')).toBe(before);
  });
});
