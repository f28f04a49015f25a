import { type LeaseItemRow, type LeaseResult, type MemberRow, shanghaiDateTime } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { leaseBookMismatches } from './index.ts';

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
async function item(over: Record<string, unknown> = {}, c: Client = owner) {
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
const later = (minutes: number) => shanghaiDateTime(Date.now() + minutes * 60_000).slice(0, 16);
const rent = (body: Record<string, unknown>, c: Client = owner) =>
  c.post<LeaseResult>('/api/v1/lease_rent', {
    request_id: rid(),
    qty: 1,
    expected_return_at: later(180),
    customer_name: '李四',
    ...body,
  });
const tillOf = (leaseNo: string) =>
  rows<{ kind: string; method: string; amount_fen: number }>(
    t.database.db,
    sql`select kind, method, amount_fen::int from till_ledger where ref_no = ${leaseNo} order by id`,
  );
const itemNow = async (id: number) =>
  (await owner.get<LeaseItemRow>('/api/v1/lease_item_detail', { id })).data;
/** Moves a lease's rent time back (the clock of a test cannot wait two hours). */
const backdate = (id: number, minutes: number) =>
  rows(
    t.database.db,
    sql`update lease_orders set rented_at = rented_at - make_interval(mins => ${minutes}) where id = ${id}`,
  );

describe('deposits from a member balance', () => {
  it('a member pays the deposit from the balance: member ledger and till in the same transaction', async () => {
    const lv = await rows<{ id: number }>(
      t.database.db,
      sql`select l.id from member_levels l join netbars n on n.id = l.pool_id where n.name = '星际网咖旗舰店' order by l.id limit 1`,
    );
    const m = await owner.post<MemberRow>('/api/v1/member_save', {
      card_kind: 2,
      card_no: `L${Date.now().toString().slice(-9)}`,
      name: '租客会员',
      level_id: lv[0]!.id,
    });
    expect(m.status, m.msg).toBe(200);
    await owner.post('/api/v1/member_topup', { member_id: m.data.id, amount_fen: 5000, request_id: rid() });
    const balance = async () => {
      const d = (await owner.get<MemberRow>('/api/v1/member_detail', { id: m.data.id })).data;
      return d.principal_fen + d.bonus_fen;
    };
    const start = await balance();
    const it1 = await item({ deposit_fen: 3000 });
    const short = await rent({ item_id: it1.id, qty: 3, member_id: m.data.id, pay_method: 'member' });
    expect(short.status).toBe(40000);
    expect(short.msg).toMatch(/^会员余额不足/);
    expect(await itemNow(it1.id)).toMatchObject({ qty_on_hand: 3, qty_out: 0 });
    const r = await rent({ item_id: it1.id, member_id: m.data.id, pay_method: 'member' });
    expect(r.status, r.msg).toBe(200);
    expect(r.data.lease).toMatchObject({ member_name: '租客会员', pay_method: 'member', deposit_fen: 3000 });
    expect(await tillOf(r.data.lease.lease_no)).toEqual([
      { kind: 'lease_deposit', method: 'member', amount_fen: 3000 },
    ]);
    expect(await balance()).toBe(start - 3000);

    // back after 40 minutes: one hour (5 yuan) kept, 25 yuan back to the card as 消费退款
    await backdate(r.data.lease.id, 40);
    const ret = await owner.post<LeaseResult>('/api/v1/lease_return', {
      lease_id: r.data.lease.id,
      request_id: rid(),
    });
    expect(ret.status, ret.msg).toBe(200);
    expect(ret.data.lease).toMatchObject({ fee_fen: 500, refund_fen: 2500 });
    expect(await balance()).toBe(start - 500);
    expect(await tillOf(r.data.lease.lease_no)).toEqual([
      { kind: 'lease_deposit', method: 'member', amount_fen: 3000 },
      { kind: 'lease_refund', method: 'member', amount_fen: -3000 },
      { kind: 'lease_fee', method: 'member', amount_fen: 500 },
    ]);
    const kinds = await rows<{ kind: string; delta: number }>(
      t.database.db,
      sql`select kind, (principal_delta + bonus_delta)::int as delta from member_ledger where member_id = ${m.data.id} order by id`,
    );
    expect(kinds.map((k) => [k.kind, k.delta])).toEqual([
      ['topup', kinds[0]!.delta],
      ['consume', -3000],
      ['consume_refund', 2500],
    ]);

    // a fee above the deposit taken from the card too
    const r2 = await rent({ item_id: it1.id, member_id: m.data.id, pay_method: 'member' });
    await backdate(r2.data.lease.id, 60 * 7 - 5);
    const ret2 = await owner.post<LeaseResult>('/api/v1/lease_return', {
      lease_id: r2.data.lease.id,
      request_id: rid(),
    });
    expect(ret2.data.lease).toMatchObject({
      fee_fen: 3500,
      refund_fen: 0,
      extra_fen: 500,
      extra_method: 'member',
    });
    expect(await balance()).toBe(start - 500 - 3500);
    // a walk-in cannot pay from a card
    const w = await rent({ item_id: it1.id });
    const bad = await owner.post('/api/v1/lease_return', {
      lease_id: w.data.lease.id,
      request_id: rid(),
      pay_method: 'member',
    });
    expect(bad.msg).toBe('非会员租用不能使用会员余额支付');
    expect(
      (await owner.post('/api/v1/lease_return', { lease_id: w.data.lease.id, request_id: rid() })).status,
    ).toBe(200);
  });
});
