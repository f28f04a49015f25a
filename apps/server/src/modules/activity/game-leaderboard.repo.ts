import type { GameMetric, LeaderboardRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';

/**
 * 排行榜 (decision 181): per store and game activity, the members' accepted results of one metric summed
 * over the period (today in Beijing, or the whole activity), best first (ties: who got there first), with
 * the tasks each has completed in that period. Top 50.
 */
export async function leaderboard(
  db: Conn,
  nid: number,
  activityId: number,
  metric: GameMetric,
  day: string | undefined,
): Promise<LeaderboardRow[]> {
  const inDay = day ? sql`and r.day = ${day}::date` : sql``;
  const r = await rows<LeaderboardRow>(
    db,
    sql`select (row_number() over (order by s.value desc, s.last_at, s.member_id))::int as rank, s.member_id, m.name as member_name,
          s.value::int as value,
          (select count(*)::int from game_task_payouts x join activity_game_tasks t on t.prize_id = x.prize_id
            where t.activity_id = ${activityId} and x.member_id = s.member_id
              ${day ? sql`and x.period_key in (${day}, 'all')` : sql``}) as tasks_done
        from (select r.member_id, sum(r.value) as value, max(r.at) as last_at from game_results r
              where r.activity_id = ${activityId} and r.netbar_id = ${nid} and r.status = 'accepted' and r.metric = ${metric} ${inDay}
              group by r.member_id) s
        join members m on m.id = s.member_id
        order by rank limit 50`,
  );
  return r;
}

/** The metric a board ranks by when none is asked: 胜场 if a task counts wins, else the first task's. */
export async function boardMetric(db: Conn, activityId: number): Promise<GameMetric> {
  const r = await rows<{ metric: GameMetric }>(
    db,
    sql`select t.metric from activity_game_tasks t join activity_prizes p on p.id = t.prize_id
        where t.activity_id = ${activityId} order by (t.metric = 'wins') desc, p.seq limit 1`,
  );
  return r[0]?.metric ?? 'wins';
}
