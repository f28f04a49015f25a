import { type MemberMoveResult, PROMO_MSG } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { activityBookMismatches } from './activity-books.ts';
import { enable, membersWithPoints, soon, storeId } from './activity-test-kit.ts';

/** 营销活动 applied by the top-up (decision 178): once per request, one promotion, budget never exceeded. */

let t: TestApp;
let owner: Client;
let nid = 0;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  nid = await storeId(t, '星际网咖旗舰店');
  expect((await enable(owner, 'marketing_activity_list')).status).toBe(200);
  // the demo runs its own 充100送20 / 充200送50 (decision 180): end it, so the promotions here compete alone
  const demo = await rows<{ id: number }>(
    t.database.db,
    sql`select id from activities where netbar_id = ${nid} and kind = 'topup_promo' and status = 'published'`,
  );
  for (const a of demo) expect((await end(a.id)).status).toBe(200);
}, 600_000);
afterAll(async () => {
  expect(await activityBookMismatches(t.database.db)).toEqual([]);
  await expectMemberLedgerMatches(t);
  await t.close();
}, 600_000);

const tiers = (list: [number, number, number][]) =>
  JSON.stringify(
    list.map(([min_topup_fen, bonus_fen, quantity]) => ({ min_topup_fen, bonus_fen, quantity })),
  );

async function promo(over: Record<string, unknown>): Promise<number> {
  const s = await owner.post<{ id: number }>('/api/v1/promotion_save', {
    name: '充值满送',
    promo_mode: 'tier',
    starts_at: soon(-1),
    ends_at: soon(10),
    budget_fen: 1_000_000,
    tiers: tiers([
      [10_000, 2_000, 100],
      [20_000, 5_000, 100],
    ]),
    ...over,
  });
  expect(s.status, s.msg).toBe(200);
  const p = await owner.post('/api/v1/activity_move', { id: s.data.id, action: 'publish' });
  expect(p.status, p.msg).toBe(200);
  return s.data.id;
}
const end = (id: number) => owner.post('/api/v1/activity_move', { id, action: 'end' });
const topUp = (member_id: number, amount_fen: number, request_id = rid()) =>
  owner.post<MemberMoveResult>('/api/v1/member_topup', { member_id, amount_fen, request_id });
const prizeRows = (member: number) => countOf(t, 'member_ledger', `member_id = ${member} and kind = 'prize'`);

describe('top-up promotions', () => {
  it('pays the highest tier reached with the top-up, once for a retried request, named on the answer', async () => {
    const id = await promo({});
    const [m] = await membersWithPoints(t, nid, 1, 0);
    const req = rid();
    const a = await topUp(m!, 25_000, req);
    expect(a.status, a.msg).toBe(200);
    expect(a.data.promotion).toMatchObject({
      activity_id: id,
      prize_name: '充200送50',
      bonus_fen: 5_000,
      mode: 'tier',
    });
    const b = await topUp(m!, 25_000, req);
    expect(b.data.replay).toBe(true);
    expect(b.data.promotion).toMatchObject({ activity_id: id, bonus_fen: 5_000 });
    expect(await prizeRows(m!)).toBe(1);
    // below the lowest tier: nothing
    expect((await topUp(m!, 5_000)).data.promotion).toBeUndefined();
    await end(id);
  });

  it('applies only the best promotion for the member; first top-up only once; budget held under 50 parallel top-ups', async () => {
    const small = await promo({ name: '小额满送', tiers: tiers([[10_000, 1_000, 100]]) });
    const first = await promo({
      name: '首充奖励',
      promo_mode: 'first',
      tiers: tiers([[10_000, 3_000, 100]]),
    });
    const [m] = await membersWithPoints(t, nid, 1, 0);
    const one = await topUp(m!, 10_000);
    expect(one.data.promotion).toMatchObject({ activity_id: first, bonus_fen: 3_000 });
    const two = await topUp(m!, 10_000);
    expect(two.data.promotion).toMatchObject({ activity_id: small, bonus_fen: 1_000 });
    expect(await prizeRows(m!)).toBe(2);
    await end(small);
    await end(first);

    // a budget of 10 bonuses of 10 yuan: 50 members top up at once, exactly 10 are paid
    const capped = await promo({
      name: '限量满送',
      budget_fen: 10_000,
      tiers: tiers([[10_000, 1_000, 10]]),
    });
    const ms = await membersWithPoints(t, nid, 50, 0);
    const res = await Promise.all(ms.map((x) => topUp(x, 10_000)));
    expect(res.every((r) => r.status === 200)).toBe(true);
    expect(res.filter((r) => r.data.promotion).length).toBe(10);
    const a = await rows<{ spent: number; claims: number }>(
      t.database.db,
      sql`select spent_fen::int as spent, claims from activities where id = ${capped}`,
    );
    expect(a[0]).toEqual({ spent: 10_000, claims: 10 });
    await end(capped);
  }, 300_000);

  it('birthday bonus once a year; a refused top-up pays nothing', async () => {
    const id = await promo({ name: '生日礼', promo_mode: 'birthday', tiers: tiers([[5_000, 1_000, 100]]) });
    const [m, other] = await membersWithPoints(t, nid, 2, 0);
    const md = new Date(Date.now() + 8 * 3600_000).toISOString().slice(5, 10);
    await rows(t.database.db, sql`insert into member_birthdays (member_id, md) values (${m!}, ${md})`);
    expect((await topUp(m!, 5_000)).data.promotion).toMatchObject({ activity_id: id });
    expect((await topUp(m!, 5_000)).data.promotion).toBeUndefined();
    expect((await topUp(other!, 5_000)).data.promotion).toBeUndefined();
    // a top-up refused (card frozen) rolls back its promotion with it
    await rows(t.database.db, sql`update members set status = 2 where id = ${other!}`);
    await rows(t.database.db, sql`delete from member_birthdays where member_id = ${m!}`);
    await rows(t.database.db, sql`insert into member_birthdays (member_id, md) values (${other!}, ${md})`);
    expect((await topUp(other!, 5_000)).status).toBe(40000);
    expect(await prizeRows(other!)).toBe(0);
    await end(id);
  });

  it('refuses bad tiers in Chinese and writes nothing; other user types and other stores are refused', async () => {
    const before = await countOf(t, 'activities');
    const cases: [Record<string, unknown>, string][] = [
      [
        {
          tiers: tiers([
            [20_000, 5_000, 1],
            [10_000, 6_000, 1],
          ]),
        },
        PROMO_MSG.tierOrder,
      ],
      [{ tiers: tiers([[10_000, 10_000, 1]]) }, PROMO_MSG.tierBonus],
      [{ tiers: '[]' }, PROMO_MSG.tiers],
      [{ promo_mode: 'x' }, PROMO_MSG.mode],
      [
        { budget_fen: 100, tiers: tiers([[10_000, 2_000, 10]]) },
        '奖池总价值超过活动预算（奖池200.00元，预算1.00元）',
      ],
      [{ ends_at: soon(-2) }, PROMO_MSG.endBeforeStart],
    ];
    for (const [over, msg] of cases) {
      const r = await owner.post('/api/v1/promotion_save', {
        name: '坏档位',
        promo_mode: 'tier',
        starts_at: soon(-1),
        ends_at: soon(3),
        budget_fen: 100_000,
        tiers: tiers([[10_000, 2_000, 1]]),
        ...over,
      });
      expect([r.status, r.msg], JSON.stringify(over)).toEqual([40000, msg]);
    }
    // the engine's generic save does not take this kind
    const g = await owner.post('/api/v1/activity_save', { kind: 'topup_promo' });
    expect(g.status).toBe(40000);
    expect(await countOf(t, 'activities')).toBe(before);
    const agent = await t.as(DEMO.agent);
    expect((await agent.get('/api/v1/promotion_list')).status).toBe(40003);
    const id = await promo({ name: '本店活动' });
    const other = await t.as(DEMO.netbar2);
    await enable(other, 'marketing_activity_list');
    const l = await other.get<{ list: { id: number }[] }>('/api/v1/promotion_list');
    expect(l.status, l.msg).toBe(200);
    expect(l.data.list.map((x) => x.id)).not.toContain(id);
    expect((await other.post('/api/v1/activity_move', { id, action: 'end' })).status).toBe(40004);
    await end(id);
  });
});
