import { type DrawResult, PROMO_MSG, type PrizeStatTotals, REPORT_MSG, shanghaiDate } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { systemStoreScope } from '../../tenant/index.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, expectMemberLedgerMatches, rid, xlsxRows } from '../../test/kit.ts';
import { activityBookMismatches } from './activity-books.ts';
import { claim } from './activity-claim.ts';
import { enable, membersWithPoints, running, signBody, soon, storeId } from './activity-test-kit.ts';
import { runDueDraws } from './live-draw.ts';

/** 直播抽奖 (decision 178): exactly N distinct winners among the eligible, recorded, paid once; 奖品统计 = claims. */

let t: TestApp;
let owner: Client;
let nid = 0;
const CLIENT = { id: 0, name: '客户端' };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.as(DEMO.netbar);
  nid = await storeId(t, '星际网咖旗舰店');
  for (const k of ['live_draw', 'member_sign']) expect((await enable(owner, k)).status).toBe(200);
}, 600_000);
afterAll(async () => {
  expect(await activityBookMismatches(t.database.db)).toEqual([]);
  await expectMemberLedgerMatches(t);
  await t.close();
}, 600_000);

const drawBody = (over: Record<string, unknown> = {}) => ({
  name: '周末直播抽奖',
  draw_at: soon(3 / 1440),
  draw_from: 'signed',
  budget_fen: 10_000,
  prizes: JSON.stringify([
    { name: '一等奖', kind: 'bonus', amount: 1_000, cost_fen: 1_000, quantity: 1 },
    { name: '二等奖', kind: 'points', amount: 100, cost_fen: 10, quantity: 2 },
  ]),
  ...over,
});

describe('live draw', () => {
  it('draws exactly N distinct winners among the members checked in, records the candidates, and a second run pays nothing', async () => {
    const sign = await running(owner, signBody());
    const signed = await membersWithPoints(t, nid, 8, 0);
    const absent = await membersWithPoints(t, nid, 3, 0);
    for (const m of signed)
      await claim(t.database.db, systemStoreScope(nid), CLIENT, {
        activity_id: sign,
        member_id: m,
        request_id: rid(),
      });
    // the draw is among this test's members: the demo's own 签到 members of today (decision 180) would
    // otherwise be candidates too, depending on the hour the demo was seeded
    const s = await owner.post<{ id: number }>(
      '/api/v1/live_draw_save',
      drawBody({ audience: JSON.stringify({ list_mode: 'apply', members: [...signed, ...absent] }) }),
    );
    expect(s.status, s.msg).toBe(200);
    expect((await owner.post('/api/v1/activity_move', { id: s.data.id, action: 'publish' })).status).toBe(
      200,
    );

    // set for 23:58 Beijing time today and run at 00:01 tomorrow: still among today's 签到 members (and the
    // same at whatever hour the test runs)
    const drawAt = new Date(`${shanghaiDate()}T23:58:00+08:00`);
    await rows(
      t.database.db,
      sql`update activities set starts_at = ${drawAt.toISOString()} where id = ${s.data.id}`,
    );
    const later = new Date(drawAt.getTime() + 3 * 60_000);
    const [r] = (await runDueDraws(t.database.db, later)).filter(
      (x) => x.activity_id === s.data.id,
    ) as DrawResult[];
    expect(r!.winners).toHaveLength(3);
    const ids = r!.winners.map((w) => w.member_id);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(signed).toContain(id);
    for (const id of absent) expect(ids).not.toContain(id);
    expect(r!.candidates).toBe(8);
    // each pick: candidates[roll] is the winner, and the candidates shrink by the winners before it
    const d = await rows<{ candidates: { member_id: number }[]; roll: number; member_id: number }>(
      t.database.db,
      sql`select d.candidates, d.roll, c.member_id from activity_draws d join activity_claims c on c.id = d.claim_id
          where d.activity_id = ${s.data.id} order by d.id`,
    );
    expect(d.map((x) => x.candidates.length)).toEqual([8, 7, 6]);
    for (const x of d) expect(x.candidates[x.roll]!.member_id).toBe(x.member_id);

    expect(await runDueDraws(t.database.db, later)).toEqual([]);
    expect(await countOf(t, 'activity_claims', `activity_id = ${s.data.id}`)).toBe(3);
    const res = await owner.get<{ winners: unknown[] }>('/api/v1/live_draw_result', { id: s.data.id });
    expect(res.data.winners).toHaveLength(3);
    const list = await owner.get<{ list: { id: number; state: string; drawn_at: string | null }[] }>(
      '/api/v1/live_draw_list',
    );
    expect(list.data.list.find((a) => a.id === s.data.id)).toMatchObject({ state: 'ended' });
  }, 300_000);

  it('refuses a draw time in the past and no winners in Chinese, writing nothing; others are refused', async () => {
    const before = await countOf(t, 'activities');
    const cases: [Record<string, unknown>, string][] = [
      [{ draw_at: soon(-1) }, PROMO_MSG.drawPast],
      [
        { prizes: JSON.stringify([{ name: '奖', kind: 'bonus', amount: 1, cost_fen: 1, quantity: 0 }]) },
        PROMO_MSG.winners,
      ],
      [{ draw_from: 'all' }, PROMO_MSG.drawFrom],
    ];
    for (const [over, msg] of cases) {
      const r = await owner.post('/api/v1/live_draw_save', drawBody(over));
      expect([r.status, r.msg], JSON.stringify(over)).toEqual([40000, msg]);
    }
    expect(await countOf(t, 'activities')).toBe(before);
    const agent = await t.as(DEMO.agent);
    expect((await agent.post('/api/v1/live_draw_save', drawBody())).status).toBe(40003);
    const mine = await owner.post<{ id: number }>('/api/v1/live_draw_save', drawBody({ name: '本店抽奖' }));
    const other = await t.as(DEMO.netbar2);
    await enable(other, 'live_draw');
    expect((await other.get('/api/v1/live_draw_result', { id: mine.data.id })).status).toBe(40004);
  });
});

describe('prize statistics', () => {
  it('totals equal the claims’ sums, the export’s 合计 equals the screen; bad periods and other user types refused', async () => {
    const day = shanghaiDate();
    const r = await owner.get<{ list: unknown[]; totals: PrizeStatTotals }>('/api/v1/prize_statistics', {
      start: day,
      end: day,
    });
    expect(r.status, r.msg).toBe(200);
    const sums = await rows<{ prizes: number; cost: number; members: number }>(
      t.database.db,
      sql`select count(*)::int as prizes, coalesce(sum(cost_fen), 0)::int as cost, count(distinct member_id)::int as members
          from activity_claims where netbar_id = ${nid} and prize_id is not null and day = ${day}::date`,
    );
    expect(r.data.totals).toEqual({
      prizes: sums[0]!.prizes,
      cost_fen: sums[0]!.cost,
      members: sums[0]!.members,
    });
    expect(r.data.totals.prizes).toBeGreaterThan(0);
    const x = await xlsxRows(owner, `/api/v1/prize_statistics_export?start=${day}&end=${day}`);
    const last = x.rows[x.rows.length - 1]!;
    expect(last[0]).toBe('合计');
    expect(last[4]).toBe(r.data.totals.prizes);
    expect(last[5]).toBe(r.data.totals.cost_fen / 100);

    const bad = await owner.get('/api/v1/prize_statistics', { start: day, end: '2020-01-01' });
    expect([bad.status, bad.msg]).toEqual([40000, REPORT_MSG.reversed]);
    const long = await owner.get('/api/v1/prize_statistics', { start: '2020-01-01', end: day });
    expect([long.status, long.msg]).toEqual([40000, REPORT_MSG.tooLong]);
    const agent = await t.as(DEMO.agent);
    expect((await agent.get('/api/v1/prize_statistics', { start: day, end: day })).status).toBe(40003);
    const other = await t.as(DEMO.netbar2);
    const o = await other.get<{ totals: PrizeStatTotals }>('/api/v1/prize_statistics', {
      start: day,
      end: day,
    });
    expect(o.status, o.msg).toBe(200);
    const theirs = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from activity_claims where netbar_id <> ${nid} and prize_id is not null and day = ${day}::date`,
    );
    expect(o.data.totals.prizes).toBeLessThanOrEqual(theirs[0]!.n);
  });
});
