import { ACTIVITY_MSG, type ActivityRow, type ClaimResult, PERM, type StoreAppRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { systemStoreScope } from '../../tenant/index.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, rid } from '../../test/kit.ts';
import { activityBookMismatches } from './activity-books.ts';
import { claim } from './activity-claim.ts';
import { boxBody, enable, membersWithPoints, running, storeId } from './activity-test-kit.ts';

/** The engine's invariants (decision 173): a pool never oversold, limits held, books equal to the ledgers. */

let t: TestApp;
let owner: Client;
let nid = 0;
const CLIENT = { id: 0, name: '客户端' };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  nid = await storeId(t, '星际网咖旗舰店');
}, 600_000);
afterAll(async () => {
  expect(await activityBookMismatches(t.database.db)).toEqual([]);
  await expectMemberLedgerMatches(t);
  await t.close();
}, 600_000);

describe('application centre', () => {
  it('lists every app with its price; a disabled app is off the menu and its API refuses in Chinese', async () => {
    await enable(owner, 'lucky_blind_box', false);
    const apps = await owner.get<StoreAppRow[]>('/api/v1/store_apps');
    expect(apps.status, apps.msg).toBe(200);
    const box = apps.data.find((a) => a.key === 'lucky_blind_box')!;
    expect(box).toMatchObject({ title: '幸运盲盒', enabled: false, edition: '专业版' });
    expect(box.price_fen).toBeGreaterThan(0);
    const ids = async () =>
      (await owner.get<{ auth: { path: { id: number }[] } }>('/api/v1/user_info')).data.auth.path.map(
        (p) => p.id,
      );
    expect(await ids()).not.toContain(PERM.LUCKY_BLIND_BOX);
    const refused = await owner.get('/api/v1/activity_list', { kind: 'blind_box' });
    expect(refused.status).toBe(40003);
    expect(refused.msg).toContain('应用未开通');

    expect((await enable(owner, 'lucky_blind_box')).status).toBe(200);
    expect(await ids()).toContain(PERM.LUCKY_BLIND_BOX);
    expect((await owner.get('/api/v1/activity_list', { kind: 'blind_box' })).status).toBe(200);
  });

  it('refuses other user types, and another store sees none of this store’s activities', async () => {
    const agent = await t.as(DEMO.agent);
    expect((await agent.get('/api/v1/store_apps')).status).toBe(40003);
    expect((await agent.post('/api/v1/activity_save', boxBody())).status).toBe(40003);
    const id = await running(owner, boxBody({ name: '别店看不到' }));
    const other = await t.as(DEMO.netbar2);
    await enable(other, 'lucky_blind_box');
    const r = await other.get('/api/v1/activity_detail', { id });
    expect([r.status, r.msg]).toEqual([40004, ACTIVITY_MSG.notFound]);
    expect((await other.post('/api/v1/activity_move', { id, action: 'pause' })).status).toBe(40004);
    const list = await other.get<{ list: ActivityRow[] }>('/api/v1/activity_list', {});
    expect(list.data.list.map((a) => a.id)).not.toContain(id);
    const nid2 = await storeId(t, '极速网吧');
    await expect(
      claim(t.database.db, systemStoreScope(nid2), CLIENT, {
        activity_id: id,
        member_id: 1,
        request_id: rid(),
      }),
    ).rejects.toMatchObject({ message: ACTIVITY_MSG.notFound });
  });
});

describe('bad input writes nothing', () => {
  it.each([
    [
      'odds not summing to 100%',
      {
        prizes: JSON.stringify([
          { name: 'a', kind: 'bonus', amount: 1, cost_fen: 1, quantity: 1, odds_bp: 4000 },
        ]),
      },
      ACTIVITY_MSG.odds,
    ],
    ['a pool over the budget', { budget_fen: 100 }, ACTIVITY_MSG.overBudget],
    [
      'an end before the start',
      { starts_at: '2030-01-02 10:00', ends_at: '2030-01-01 10:00' },
      ACTIVITY_MSG.endBeforeStart,
    ],
    [
      'an audience matching nobody',
      { audience: JSON.stringify({ levels: [2147483000] }) },
      ACTIVITY_MSG.audienceEmpty,
    ],
    ['a box without a price', { price_kind: 'none' }, ACTIVITY_MSG.priceNeeded],
    ['prizes that are not JSON', { prizes: 'abc' }, ACTIVITY_MSG.prize],
  ])('%s', async (_, over, msg) => {
    const before = await countOf(t, 'activities');
    const r = await owner.post('/api/v1/activity_save', boxBody(over));
    expect(r.status).toBe(40000);
    expect(r.msg).toContain(msg);
    expect(await countOf(t, 'activities')).toBe(before);
  });
});

describe('500 concurrent claims on a pool of 100', () => {
  it('pays exactly 100 prizes, no member over the limit, spent = claims cost = ledger rows', {
    timeout: 600_000,
  }, async () => {
    await enable(owner, 'lucky_blind_box');
    const id = await running(owner, boxBody({ name: '并发盲盒' }));
    const members = await membersWithPoints(t, nid, 200, 100);
    const s = systemStoreScope(nid);
    const res = await Promise.allSettled(
      Array.from({ length: 500 }, (_, i) =>
        claim(t.database.db, s, CLIENT, {
          activity_id: id,
          member_id: members[i % 200]!,
          request_id: `burst-${id}-${i}`,
        }),
      ),
    );
    const won = res.filter((r): r is PromiseFulfilledResult<ClaimResult> => r.status === 'fulfilled');
    expect(won).toHaveLength(100);
    const why = new Set(res.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : [])));
    expect(
      [...why].every(
        (m) => m === ACTIVITY_MSG.soldOut || m === ACTIVITY_MSG.totalLimit || m === ACTIVITY_MSG.budgetOut,
      ),
    ).toBe(true);

    const per = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from activity_claims where activity_id = ${id} group by member_id order by 1 desc limit 1`,
    );
    expect(per[0]!.n).toBeLessThanOrEqual(2);
    const a = (await owner.get<ActivityRow>('/api/v1/activity_detail', { id })).data;
    expect(a.prizes.reduce((x, p) => x + p.issued, 0)).toBe(100);
    expect(a.spent_fen).toBe(60 * 100 + 40 * 5);
    expect(a.claims).toBe(100);
    const led = await rows<{ n: number; bonus: number; points: number }>(
      t.database.db,
      sql`select count(*)::int as n, sum(bonus_delta)::int as bonus, sum(points_delta)::int as points from member_ledger
          where kind = 'prize' and request_id like ${`act:burst-${id}-%`}`,
    );
    expect(led[0]).toEqual({ n: 100, bonus: 6000, points: 400 });
    const paid = await rows<{ n: number; points: number }>(
      t.database.db,
      sql`select count(*)::int as n, sum(points_delta)::int as points from member_ledger where kind = 'prize_buy' and request_id like ${`act:burst-${id}-%`}`,
    );
    expect(paid[0]).toEqual({ n: 100, points: -1000 });
    expect(await countOf(t, 'activity_draws', `activity_id = ${id}`)).toBe(100);

    // a retry answers the first result and pays nothing again
    const first = won[0]!.value;
    const again = await rows<{ request_id: string; member_id: number }>(
      t.database.db,
      sql`select request_id, member_id from activity_claims where id = ${first.claim_id}`,
    );
    const replay = await claim(t.database.db, s, CLIENT, {
      activity_id: id,
      member_id: again[0]!.member_id,
      request_id: again[0]!.request_id,
    });
    expect(replay).toMatchObject({ claim_id: first.claim_id, replay: true });
    expect(await countOf(t, 'activity_claims', `activity_id = ${id}`)).toBe(100);
  });

  it('a paused or ended activity pays nothing', async () => {
    const id = await running(owner, boxBody({ name: '暂停盲盒' }));
    const [m] = await membersWithPoints(t, nid, 1, 100);
    const s = systemStoreScope(nid);
    expect((await owner.post('/api/v1/activity_move', { id, action: 'pause' })).status).toBe(200);
    await expect(
      claim(t.database.db, s, CLIENT, { activity_id: id, member_id: m!, request_id: rid() }),
    ).rejects.toMatchObject({ message: ACTIVITY_MSG.notRunning });
    expect((await owner.post('/api/v1/activity_move', { id, action: 'end' })).status).toBe(200);
    await expect(
      claim(t.database.db, s, CLIENT, { activity_id: id, member_id: m!, request_id: rid() }),
    ).rejects.toMatchObject({ message: ACTIVITY_MSG.notRunning });
    expect((await owner.post('/api/v1/activity_move', { id, action: 'resume' })).msg).toBe(
      ACTIVITY_MSG.badMove,
    );
    expect(await countOf(t, 'activity_claims', `activity_id = ${id}`)).toBe(0);

    // disabling the app pauses its running activities; enabling resumes them
    const live = await running(owner, boxBody({ name: '随应用暂停' }));
    await enable(owner, 'lucky_blind_box', false);
    expect(
      (
        await rows<{ status: string }>(t.database.db, sql`select status from activities where id = ${live}`)
      )[0]!.status,
    ).toBe('paused');
    await enable(owner, 'lucky_blind_box');
    expect(
      (
        await rows<{ status: string }>(t.database.db, sql`select status from activities where id = ${live}`)
      )[0]!.status,
    ).toBe('published');
  });
});
