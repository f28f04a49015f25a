import {
  type ActivityStatus,
  activityState,
  type GameActivityRow,
  type GameMetric,
  type GamePeriod,
  type GameResultRow,
  type GameSaveBody,
  type GameTaskRow,
  type GameType,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { paged } from '../../lib/paging.ts';
import { fmtDate, fmtTs } from '../../lib/sql-dates.ts';

/** 赛事活动's SQL (decision 181): the game type and tasks beside the engine's activity and prizes. */

type Raw = Omit<GameActivityRow, 'state' | 'tasks'> & { status: ActivityStatus; starts: Date; ends: Date };

const COLS = sql`a.id, g.game_type, a.name, a.status, ${fmtTs('a.starts_at')} as starts_at, ${fmtTs('a.ends_at')} as ends_at,
  a.starts_at as starts, a.ends_at as ends, a.budget_fen::float8 as budget_fen, a.spent_fen::float8 as spent_fen, a.claims,
  (select count(distinct c.member_id)::int from activity_claims c where c.activity_id = a.id) as members,
  (select count(*)::int from game_results r where r.activity_id = a.id and r.status = 'pending') as pending`;

async function withTasks(db: Conn, list: Raw[]): Promise<GameActivityRow[]> {
  if (!list.length) return [];
  const ids = sql.join(
    list.map((a) => sql`${a.id}`),
    sql`, `,
  );
  const ts = await rows<GameTaskRow & { activity_id: number }>(
    db,
    sql`select t.activity_id, p.id as prize_id, p.name, t.metric, t.target, t.period, p.kind as reward_kind, p.amount::float8 as amount,
          p.cost_fen::float8 as cost_fen, p.quantity, p.issued
        from activity_game_tasks t join activity_prizes p on p.id = t.prize_id
        where t.activity_id in (${ids}) order by t.activity_id, p.seq`,
  );
  const now = new Date();
  return list.map(({ status, starts, ends, ...a }) => ({
    ...a,
    state: activityState(status, new Date(starts), new Date(ends), now),
    tasks: ts.filter((t) => t.activity_id === a.id).map(({ activity_id: _, ...t }) => t),
  }));
}

const own = (nid: number) => sql`a.netbar_id = ${nid} and a.kind = 'game'`;

export async function gameById(db: Conn, nid: number, id: number): Promise<GameActivityRow | undefined> {
  const r = await rows<Raw>(
    db,
    sql`select ${COLS} from activities a join activity_games g on g.activity_id = a.id where a.id = ${id} and ${own(nid)}`,
  );
  return (await withTasks(db, r))[0];
}

export async function gameList(
  db: Conn,
  nid: number,
  type: GameType,
  q: { page: number; page_size: number },
) {
  const r = await paged<Raw>(
    db,
    sql`select ${COLS}`,
    sql`from activities a join activity_games g on g.activity_id = a.id`,
    [own(nid), sql`g.game_type = ${type}`],
    sql`a.id desc`,
    q,
  );
  return { list: await withTasks(db, r.list), count: r.count };
}

/** Per game type: the activity to show on its card (running first, then the newest) and how many there are. */
export async function gameCards(db: Conn, nid: number) {
  const r = await rows<Raw & { n: number }>(
    db,
    sql`select * from (
          select ${COLS}, count(*) over (partition by g.game_type)::int as n,
            row_number() over (partition by g.game_type order by
              (a.status = 'published' and a.starts_at <= now() and a.ends_at > now()) desc, a.id desc) as k
          from activities a join activity_games g on g.activity_id = a.id where ${own(nid)}) x where k = 1`,
  );
  const withT = await withTasks(db, r);
  return withT.map(({ n, ...a }: GameActivityRow & { n?: number }) => ({ activity: a, count: Number(n) }));
}

export async function insertGame(tx: Conn, activityId: number, b: GameSaveBody) {
  await rows(
    tx,
    sql`insert into activity_games (activity_id, game_type) values (${activityId}, ${b.game_type})
        on conflict (activity_id) do update set game_type = excluded.game_type`,
  );
  const ps = await rows<{ id: number }>(
    tx,
    sql`select id from activity_prizes where activity_id = ${activityId} order by seq`,
  );
  for (const [i, t] of b.tasks.entries())
    await rows(
      tx,
      sql`insert into activity_game_tasks (prize_id, activity_id, metric, target, period)
          values (${ps[i]!.id}, ${activityId}, ${t.metric}, ${t.target}, ${t.period})`,
    );
}

/** A draft's tasks go before its prizes are replaced (the tasks reference them). */
export async function dropDraftTasks(tx: Conn, nid: number, id: number) {
  await rows(
    tx,
    sql`delete from activity_game_tasks t using activities a
        where t.activity_id = a.id and a.id = ${id} and a.netbar_id = ${nid} and a.status = 'draft'`,
  );
}

export interface LiveTask {
  prize_id: number;
  name: string;
  metric: GameMetric;
  target: number;
  period: GamePeriod;
}
export async function tasksOf(tx: Conn, activityId: number, metric?: GameMetric): Promise<LiveTask[]> {
  return rows<LiveTask>(
    tx,
    sql`select t.prize_id, p.name, t.metric, t.target, t.period from activity_game_tasks t join activity_prizes p on p.id = t.prize_id
        where t.activity_id = ${activityId} ${metric ? sql`and t.metric = ${metric}` : sql``} order by p.seq`,
  );
}

export async function gameTypeOf(tx: Conn, activityId: number): Promise<GameType | undefined> {
  const r = await rows<{ game_type: GameType }>(
    tx,
    sql`select game_type from activity_games where activity_id = ${activityId}`,
  );
  return r[0]?.game_type;
}

export async function insertResult(
  tx: Conn,
  r: {
    activity_id: number;
    netbar_id: number;
    member_id: number;
    machine_id: number | null;
    metric: GameMetric;
    value: number;
    day: string;
    status: 'pending' | 'accepted';
    screenshot: string;
    request_id: string;
  },
): Promise<number> {
  const x = await rows<{ id: string }>(
    tx,
    sql`insert into game_results (activity_id, netbar_id, member_id, machine_id, metric, value, day, status, screenshot, request_id)
        values (${r.activity_id}, ${r.netbar_id}, ${r.member_id}, ${r.machine_id}, ${r.metric}, ${r.value}, ${r.day}::date,
          ${r.status}, ${r.screenshot}, ${r.request_id}) returning id`,
  );
  return Number(x[0]!.id);
}

export async function resultByRequest(db: Conn, nid: number, requestId: string) {
  const r = await rows<{ id: string; activity_id: number; status: 'pending' | 'accepted' | 'rejected' }>(
    db,
    sql`select id, activity_id, status from game_results where netbar_id = ${nid} and request_id = ${requestId}`,
  );
  return r[0] && { ...r[0], id: Number(r[0].id) };
}

/** The result locked for a review (this store's). */
export async function lockResult(tx: Conn, nid: number, id: number) {
  const r = await rows<{
    id: string;
    activity_id: number;
    member_id: number;
    metric: GameMetric;
    day: string;
    status: string;
  }>(
    tx,
    sql`select id, activity_id, member_id, metric, to_char(day, 'YYYY-MM-DD') as day, status
        from game_results where id = ${id} and netbar_id = ${nid} for update`,
  );
  return r[0] && { ...r[0], id: Number(r[0].id) };
}

export async function setResultStatus(
  tx: Conn,
  id: number,
  status: 'accepted' | 'rejected',
  by: { id: number; name: string },
  remark: string,
) {
  await rows(
    tx,
    sql`update game_results set status = ${status}, remark = ${remark}, reviewed_by = ${by.id}, reviewed_by_name = ${by.name},
          reviewed_at = now() where id = ${id}`,
  );
}

/** The member's accepted total of a metric in the period (a day, or the whole activity). */
export async function progressOf(
  tx: Conn,
  activityId: number,
  memberId: number,
  metric: GameMetric,
  day: string | undefined,
): Promise<number> {
  const r = await rows<{ v: number }>(
    tx,
    sql`select coalesce(sum(value), 0)::int as v from game_results
        where activity_id = ${activityId} and member_id = ${memberId} and metric = ${metric} and status = 'accepted'
          ${day ? sql`and day = ${day}::date` : sql``}`,
  );
  return Number(r[0]!.v);
}

export async function payoutExists(tx: Conn, prizeId: number, memberId: number, periodKey: string) {
  const r = await rows(
    tx,
    sql`select 1 from game_task_payouts where prize_id = ${prizeId} and member_id = ${memberId} and period_key = ${periodKey}`,
  );
  return r.length > 0;
}

export async function insertPayout(
  tx: Conn,
  p: { prize_id: number; member_id: number; period_key: string; claim_id: number; result_id: number },
) {
  await rows(
    tx,
    sql`insert into game_task_payouts (prize_id, member_id, period_key, claim_id, result_id)
        values (${p.prize_id}, ${p.member_id}, ${p.period_key}, ${p.claim_id}, ${p.result_id})`,
  );
}

/** The tasks a result paid (its replay's answer). */
export async function payoutsOf(db: Conn, resultId: number) {
  return rows<{ task: string; reward_kind: 'bonus' | 'points'; amount: number }>(
    db,
    sql`select p.name as task, c.prize_kind as reward_kind, c.amount::float8 as amount
        from game_task_payouts x join activity_claims c on c.id = x.claim_id join activity_prizes p on p.id = x.prize_id
        where x.result_id = ${resultId} order by p.seq`,
  );
}

export async function resultList(
  db: Conn,
  nid: number,
  q: { page: number; page_size: number; activity_id?: number; status?: string },
) {
  const where: SQL[] = [sql`r.netbar_id = ${nid}`];
  if (q.activity_id) where.push(sql`r.activity_id = ${q.activity_id}`);
  if (q.status) where.push(sql`r.status = ${q.status}`);
  return paged<GameResultRow>(
    db,
    sql`select r.id::float8 as id, r.activity_id, a.name as activity_name, g.game_type, r.member_id, m.name as member_name, r.machine_id, r.metric,
          r.value, ${fmtDate('r.day')} as day, r.status, r.screenshot, r.remark, r.reviewed_by_name, ${fmtTs('r.at')} as at`,
    sql`from game_results r join activities a on a.id = r.activity_id join activity_games g on g.activity_id = r.activity_id
        join members m on m.id = r.member_id`,
    where,
    sql`r.id desc`,
    q,
  );
}
