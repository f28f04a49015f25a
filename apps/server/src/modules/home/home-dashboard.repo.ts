import type { HomeAgentDay, HomeMachinesNow, HomePlatformFigures, HomeStoreFigures } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';

/**
 * The home dashboards' reads (decision 158). Today's business figures come from the daily rollups
 * (report_store_day, decision 152) at each store's own business day (decision 151); the caller has
 * refreshed the marked days first. Raw tables: the live machine counts, the agent's machines per day
 * (online_sessions of 30 days through its (netbar_id, started_at) index) and last week's comparison day up
 * to this time of day (one partial business day per store, lastWeekSoFar).
 * `ids` is a SQL list of store ids the caller may see, or a subquery over netbars `n`.
 */

/** Each store's business day today (`d`) and its day start (`dsm`). */
const todayOf = (ids: SQL) => sql`st as (
  select n.id as nid, report_day_start(n.id) as dsm, business_day(now(), report_day_start(n.id)) as d
  from netbars n where n.id in (${ids}))`;

const STORE_SUMS =
  sql.raw(`coalesce(sum(online_fen + goods_fen + desk_fen + lease_fen), 0)::float8 as revenue_fen,
  coalesce(sum(online_fen), 0)::float8 as online_fen, coalesce(sum(goods_fen), 0)::float8 as goods_fen,
  coalesce(sum(desk_fen), 0)::float8 as desk_fen, coalesce(sum(lease_fen), 0)::float8 as lease_fen,
  coalesce(sum(topup_fen), 0)::float8 as topup_fen, coalesce(sum(topups), 0)::int as topups,
  coalesce(sum(orders), 0)::int as orders, coalesce(sum(sessions), 0)::int as sessions,
  coalesce(sum(new_members), 0)::int as new_members`);

/** The stores' business days today so far (each store its own), from the rollups. */
export async function storeDayFigures(db: Conn, ids: SQL) {
  const r = await rows<HomeStoreFigures>(
    db,
    sql`with ${todayOf(ids)}
        select ${STORE_SUMS} from st join report_store_day r on r.netbar_id = st.nid and r.day = st.d`,
  );
  return r[0];
}

/**
 * Each store's business day a week ago (d − 7) from its start up to this time of day a week ago, from the
 * raw records with report_recompute's definitions (decision 152): the rollups hold whole days only. One
 * partial day per store, through the (netbar_id, time) indexes the recompute uses; materialized, else each
 * sub-select ran once per reference in the sums (revenue and its parts: twice).
 */
const lastWeekSoFar = (ids: SQL) => sql`${todayOf(ids)},
  w as (select nid, business_day_start(d - 7, dsm) as lo, now() - interval '7 days' as hi from st),
  per as materialized (select w.nid,
    (select coalesce(-sum(l.principal_delta + l.bonus_delta), 0) from member_ledger l
      where l.netbar_id = w.nid and l.at >= w.lo and l.at < w.hi and l.session_id is not null
        and l.kind in ('consume', 'consume_refund')) as online_fen,
    o.goods_fen, o.orders,
    (select coalesce(sum(t.amount_fen), 0) from till_ledger t
      where t.netbar_id = w.nid and t.at >= w.lo and t.at < w.hi and t.kind = 'desk') as desk_fen,
    (select coalesce(sum(x.fee_fen), 0) from lease_orders x
      where x.netbar_id = w.nid and x.closed_at >= w.lo and x.closed_at < w.hi) as lease_fen,
    u.topup_fen, u.topups,
    (select count(*) from online_sessions s
      where s.netbar_id = w.nid and s.started_at >= w.lo and s.started_at < w.hi) as sessions,
    (select count(*) from members m
      where m.netbar_id = w.nid and m.created_at >= w.lo and m.created_at < w.hi) as new_members
    from w
    cross join lateral (select coalesce(sum(o.total_fen), 0) as goods_fen, count(*) as orders from orders o
      where o.netbar_id = w.nid and o.paid_at >= w.lo and o.paid_at < w.hi) o
    cross join lateral (select coalesce(sum(l.principal_delta), 0) as topup_fen, count(*) as topups
      from member_ledger l where l.netbar_id = w.nid and l.at >= w.lo and l.at < w.hi and l.kind = 'topup') u)`;

/** The same weekday last week up to this time of day, summed over the stores. */
export async function storeLastWeekFigures(db: Conn, ids: SQL) {
  const r = await rows<HomeStoreFigures>(db, sql`with ${lastWeekSoFar(ids)} select ${STORE_SUMS} from per r`);
  return r[0];
}

/** The first store's business day today, 7 days before, and this time a week ago (Beijing, to the minute). */
export async function businessToday(db: Conn, storeId: number) {
  const [r] = await rows<{ day: string; compare_day: string; compare_until: string }>(
    db,
    sql`select d::text as day, (d - 7)::text as compare_day,
          to_char((now() - interval '7 days') at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as compare_until
        from (select business_day(now(), report_day_start(${storeId}::int)) as d) x`,
  );
  return r!;
}

/** Machines now over the stores `ids`. */
export async function machinesNow(db: Conn, ids: SQL): Promise<HomeMachinesNow> {
  const [r] = await rows<HomeMachinesNow>(
    db,
    sql`select count(*) filter (where state = '上机中')::int as in_use,
          count(*) filter (where state in ('空闲', '上机中', '预订'))::int as online,
          count(*) filter (where state <> '停用')::int as total
        from machines where netbar_id in (${ids})`,
  );
  return r ?? { in_use: 0, online: 0, total: 0 };
}

/** Over the last 30 business days: machines that went online and netbars with any business, per day. */
export async function agentDays(db: Conn, ids: SQL, from: string, to: string): Promise<HomeAgentDay[]> {
  return rows<HomeAgentDay>(
    db,
    sql`with ${todayOf(ids)},
      days as (select g::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') g),
      used as (select business_day(s.started_at, st.dsm) as day, count(distinct s.machine_id) as n
               from st join online_sessions s on s.netbar_id = st.nid
               where s.started_at >= business_day_start(${from}::date, st.dsm)
               group by 1),
      active as (select r.day, count(*) as n from report_store_day r join st on st.nid = r.netbar_id
                 where r.day between ${from}::date and ${to}::date and r.sessions + r.orders + r.topups > 0
                 group by 1)
      select days.day::text as day, coalesce(used.n, 0)::int as online_machines,
        coalesce(active.n, 0)::int as active_netbars
      from days left join used on used.day = days.day left join active on active.day = days.day
      order by days.day`,
  );
}

const PLATFORM_SUMS =
  sql.raw(`count(*) filter (where r.sessions + r.orders + r.topups > 0)::int as active_netbars,
  coalesce(sum(online_fen + goods_fen + desk_fen + lease_fen), 0)::float8 as revenue_fen,
  coalesce(sum(topup_fen), 0)::float8 as topup_fen, coalesce(sum(orders), 0)::int as orders`);

/** The agent's comparison: active netbars and machines online on the same weekday last week up to this time. */
export async function agentLastWeekFigures(db: Conn, ids: SQL) {
  const [r] = await rows<Omit<HomeAgentDay, 'day'>>(
    db,
    sql`with ${lastWeekSoFar(ids)}
        select (select count(*) from per r where r.sessions + r.orders + r.topups > 0)::int as active_netbars,
          (select count(distinct s.machine_id) from w join online_sessions s on s.netbar_id = w.nid
             and s.started_at >= w.lo and s.started_at < w.hi)::int as online_machines`,
  );
  return r ?? { active_netbars: 0, online_machines: 0 };
}

/**
 * Platform figures at every store's business day today so far (the rollups) and the same weekday last
 * week up to this time of day (the raw records, as storeLastWeekFigures).
 */
export async function platformDayFigures(db: Conn, ids: SQL) {
  const [today] = await rows<HomePlatformFigures>(
    db,
    sql`with ${todayOf(ids)}
        select ${PLATFORM_SUMS} from st join report_store_day r on r.netbar_id = st.nid and r.day = st.d`,
  );
  const [lastWeek] = await rows<HomePlatformFigures>(
    db,
    sql`with ${lastWeekSoFar(ids)} select ${PLATFORM_SUMS} from per r`,
  );
  return { today, lastWeek };
}

/** The live stores matching `where` over netbars `n`, as ids. */
export const storeIds = (db: Conn, where: SQL) =>
  rows<{ id: number }>(db, sql`select n.id from netbars n where ${where} order by n.id`);

export async function countLiveAgents(db: Conn): Promise<number> {
  const [r] = await rows<{ n: number }>(db, sql`select count(*)::int as n from agents where status = 1`);
  return Number(r?.n ?? 0);
}
