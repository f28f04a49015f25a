import { ACTIVITY_MSG, type ClaimResult, COUPON_MSG } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { systemStoreScope } from '../../tenant/index.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { activityBookMismatches } from './activity-books.ts';
import { claim } from './activity-claim.ts';
import { enable, membersWithPoints, running, signBody, storeId } from './activity-test-kit.ts';

/** A coupon as an activity prize (decision 186): issued in the claim's transaction, once, within the pool. */
let t: TestApp;
let owner: Client;
let nid = 0;
let tpl = 0;
const CLIENT = { id: 0, name: '客户端' };

const couponPrize = (over: Record<string, unknown> = {}) =>
  JSON.stringify([
    {
      name: '签到送券',
      kind: 'coupon',
      amount: 1,
      cost_fen: 100,
      quantity: 3,
      streak_day: 1,
      coupon_template_id: tpl,
      ...over,
    },
  ]);
const couponsOf = async (memberId: number) =>
  rows<{ id: number; source: string; activity_id: number; valid_to: string }>(
    t.database.db,
    sql`select id::int as id, source, activity_id, valid_to::text from member_coupons where member_id = ${memberId}`,
  );

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  nid = await storeId(t, '星际网咖旗舰店');
  await enable(owner, 'member_sign');
  await enable(owner, 'marketing_activity_list');
  const r = await owner.post<{ id: number }>('/api/v1/coupon_template_save', {
    name: '签到3元券',
    kind: 'voucher',
    amount_fen: 300,
    valid_mode: 'days',
    valid_days: 7,
  });
  expect(r.status, r.msg).toBe(200);
  tpl = r.data.id;
}, 600_000);
afterAll(async () => {
  expect(await activityBookMismatches(t.database.db)).toEqual([]);
  await expectMemberLedgerMatches(t);
  await t.close();
}, 600_000);

describe('coupon prizes', () => {
  it('issues the coupon in the claim, once per request_id, never beyond the quantity', async () => {
    const id = await running(owner, signBody({ name: '签到送券', budget_fen: 300, prizes: couponPrize() }));
    const s = systemStoreScope(nid);
    const members = await membersWithPoints(t, nid, 6, 0);
    const first = rid();
    const a = await claim(t.database.db, s, CLIENT, {
      activity_id: id,
      member_id: members[0]!,
      request_id: first,
    });
    expect(a).toMatchObject({ prize_kind: 'coupon', amount: 1, replay: false });
    const again = await claim(t.database.db, s, CLIENT, {
      activity_id: id,
      member_id: members[0]!,
      request_id: first,
    });
    expect(again.replay).toBe(true);
    const mine = await couponsOf(members[0]!);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ source: 'activity', activity_id: id });
    // the other five at once: two coupons left in the pool
    const res = await Promise.allSettled(
      members
        .slice(1)
        .map((m) => claim(t.database.db, s, CLIENT, { activity_id: id, member_id: m, request_id: rid() })),
    );
    const got = res.filter(
      (r) => r.status === 'fulfilled' && (r.value as ClaimResult).prize_kind === 'coupon',
    );
    expect(got).toHaveLength(2);
    const n = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from member_coupons where activity_id = ${id}`,
    );
    expect(n[0]!.n).toBe(3);
    const a2 = await rows<{ spent_fen: string; issued: number }>(
      t.database.db,
      sql`select a.spent_fen::text, p.issued from activities a join activity_prizes p on p.activity_id = a.id where a.id = ${id}`,
    );
    expect(a2[0]).toEqual({ spent_fen: '300', issued: 3 });
    const detail = await owner.get<{ prizes: { coupon_template_id?: number }[] }>('/api/v1/activity_detail', {
      id,
    });
    expect(detail.data.prizes[0]!.coupon_template_id).toBe(tpl);
  });

  it('refuses a coupon prize without a template, an unknown or another store’s template, and writes nothing', async () => {
    const before = await count(t, 'activities');
    const none = await owner.post(
      '/api/v1/activity_save',
      signBody({ prizes: couponPrize({ coupon_template_id: undefined }) }),
    );
    expect([none.status, none.msg]).toEqual([40000, ACTIVITY_MSG.coupon]);
    const unknown = await owner.post(
      '/api/v1/activity_save',
      signBody({ prizes: couponPrize({ coupon_template_id: 999999 }) }),
    );
    expect([unknown.status, unknown.msg]).toEqual([40004, COUPON_MSG.notFound]);
    const other = await t.as(DEMO.netbar2);
    await enable(other, 'member_sign');
    await enable(other, 'marketing_activity_list');
    const theirs = await other.post<{ id: number }>('/api/v1/coupon_template_save', {
      name: '他店券',
      kind: 'voucher',
      amount_fen: 100,
      valid_mode: 'days',
      valid_days: 3,
    });
    expect(theirs.status, theirs.msg).toBe(200);
    const foreign = await owner.post(
      '/api/v1/activity_save',
      signBody({ prizes: couponPrize({ coupon_template_id: theirs.data.id }) }),
    );
    expect(foreign.status).toBe(40004);
    const tooMany = await owner.post(
      '/api/v1/activity_save',
      signBody({ prizes: couponPrize({ amount: 11 }) }),
    );
    expect([tooMany.status, tooMany.msg]).toEqual([40000, ACTIVITY_MSG.couponAmount]);
    expect(await count(t, 'activities')).toBe(before);
  });
});
