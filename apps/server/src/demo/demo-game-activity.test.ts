import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { activityBookMismatches } from '../modules/activity/index.ts';
import { createTestApp, DEMO, type TestApp } from '../test/harness.ts';
import { expectMemberLedgerMatches } from '../test/kit.ts';

/** 星际网咖's 绝地求生 赛事活动 (decision 181): running, tasks paid over several days, a leaderboard, results to confirm. */

let t: TestApp;
const q = <T>(s: ReturnType<typeof sql>) => rows<T>(t.database.db, s);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo game activity', () => {
  it('runs a PUBG activity whose tasks were completed over the last days, paid as the ledger says', async () => {
    const [g] = await q<{
      id: number;
      days: number;
      payouts: number;
      members: number;
      pending: number;
      spent: number;
      ledger: number;
    }>(
      sql`select a.id, (select count(distinct day)::int from game_results r where r.activity_id = a.id) as days,
            (select count(*)::int from game_task_payouts x join activity_game_tasks k on k.prize_id = x.prize_id where k.activity_id = a.id) as payouts,
            (select count(distinct member_id)::int from activity_claims c where c.activity_id = a.id) as members,
            (select count(*)::int from game_results r where r.activity_id = a.id and r.status = 'pending') as pending,
            a.spent_fen::int as spent,
            (select coalesce(sum(c.cost_fen), 0)::int from activity_claims c where c.activity_id = a.id) as ledger
          from activities a join activity_games x on x.activity_id = a.id
          join netbars n on n.id = a.netbar_id
          where n.name = '星际网咖旗舰店' and x.game_type = 'PUBG' and a.status = 'published'`,
    );
    expect(g).toBeDefined();
    expect(g!.days).toBeGreaterThanOrEqual(4);
    expect(g!.payouts).toBeGreaterThan(10);
    expect(g!.members).toBeGreaterThanOrEqual(4);
    expect(g!.pending).toBe(3);
    expect(g!.spent).toBe(g!.ledger);
    expect(await activityBookMismatches(t.database.db)).toEqual([]);
    await expectMemberLedgerMatches(t);

    const owner = await t.as(DEMO.netbar);
    const cards =
      await owner.get<{ game_type: string; activity: { state: string } | null }[]>('/api/v1/game_overview');
    expect(cards.data.find((c) => c.game_type === 'PUBG')!.activity!.state).toBe('running');
    const board = await owner.get<{ list: { rank: number; value: number }[] }>('/api/v1/game_leaderboard', {
      activity_id: g!.id,
    });
    expect(board.data.list.length).toBeGreaterThanOrEqual(4);
    expect(board.data.list[0]!.value).toBeGreaterThanOrEqual(board.data.list[1]!.value);
  });
});
