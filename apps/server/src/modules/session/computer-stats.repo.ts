import type {
  ComputerMachineRow,
  ComputerMemberDay,
  ComputerStatistics,
  MachineLive,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { type ReportStore, storeIdsSql } from '../../tenant/index.ts';

/**
 * 上机统计 (240) reads. Each store's period runs from the start of business day `start` to the start of the
 * day after `end` (its own day start, decision 151), cut at now. The machine figures and the heat map come
 * from the daily rollups (decision 159: closed sessions' minutes inside each day and clock hour, sessions
 * and lengths by start day, online fees by charge time), plus the sessions still open, read raw (at most
 * one a machine, through its open-session index). Members: report_member_day (who started a session that day).
 */

/** Each store's period [lo, hi) and its length in minutes. */
const periodOf = (ids: SQL, start: string, end: string) => sql`st as materialized (
  select nid, dsm, business_day_start(${start}::date, dsm) as lo,
    least(business_day_start(${end}::date + 1, dsm), now()) as hi
  from (select n.id as nid, report_day_start(n.id) as dsm from netbars n where n.id in (${ids})) x)`;

/** Sessions still open, cut to the period: each machine's one, through online_sessions_machine_open. */
const openIn = sql`op as (
  select s.machine_id, s.started_at, st.lo, st.hi, now() as e
  from st join machines m on m.netbar_id = st.nid
  join online_sessions s on s.machine_id = m.id and s.ended_at is null and s.netbar_id = st.nid
  where s.started_at < st.hi and now() > st.lo)`;

export async function machineLive(db: Conn, stores: ReportStore[]): Promise<MachineLive> {
  const [r] = await rows<MachineLive>(
    db,
    sql`select count(*) filter (where state = '上机中')::int as in_use,
          count(*) filter (where state in ('空闲', '上机中', '预订'))::int as online,
          count(*) filter (where state <> '停用')::int as total
        from machines where netbar_id in (${storeIdsSql(stores)})`,
  );
  return r!;
}

export async function machineFigures(
  db: Conn,
  stores: ReportStore[],
  start: string,
  end: string,
): Promise<ComputerMachineRow[]> {
  const r = await rows<Record<string, unknown>>(
    db,
    sql`with ${periodOf(storeIdsSql(stores), start, end)}, ${openIn},
      roll as (select machine_id, sum(sessions) as sessions, sum(minutes) as minutes, sum(length_minutes) as len,
                 sum(fee_fen) as fee_fen
               from report_machine_day where netbar_id in (${storeIdsSql(stores)})
                 and day between ${start}::date and ${end}::date group by machine_id),
      live as (select machine_id, extract(epoch from least(e, hi) - greatest(started_at, lo)) / 60 as minutes,
                 case when started_at >= lo then extract(epoch from e - started_at) / 60 else 0 end as len
               from op),
      agg as (select m.id as machine_id, coalesce(r.sessions, 0) as sessions,
                coalesce(r.minutes, 0) + coalesce(l.minutes, 0) as minutes,
                (coalesce(r.len, 0) + coalesce(l.len, 0)) / nullif(r.sessions, 0) as avg_minutes
              from machines m join st on st.nid = m.netbar_id
              left join roll r on r.machine_id = m.id left join live l on l.machine_id = m.id),
      fee as (select machine_id, fee_fen from roll)
    select m.netbar_id as store_id, n.name as store_name, m.id as machine_id, m.name, coalesce(a.name, '') as area_name,
      m.state, coalesce(agg.sessions, 0)::int as sessions, coalesce(agg.minutes, 0)::float8 as minutes,
      coalesce(agg.avg_minutes, 0)::float8 as avg_minutes, coalesce(fee.fee_fen, 0)::float8 as fee_fen,
      greatest(extract(epoch from st.hi - st.lo) / 60, 1)::float8 as period_minutes
    from machines m join st on st.nid = m.netbar_id join netbars n on n.id = m.netbar_id
    left join venue_areas a on a.id = m.area_id
    left join agg on agg.machine_id = m.id left join fee on fee.machine_id = m.id
    order by m.netbar_id, a.name, m.name, m.id`,
  );
  return r.map((x) => {
    const minutes = Math.round(Number(x.minutes));
    const sessions = Number(x.sessions);
    return {
      store_id: Number(x.store_id),
      store_name: String(x.store_name),
      machine_id: Number(x.machine_id),
      name: String(x.name),
      area_name: String(x.area_name),
      state: String(x.state),
      sessions,
      minutes,
      avg_minutes: Math.round(Number(x.avg_minutes)),
      fee_fen: Number(x.fee_fen),
      utilisation: Math.min(1, Number(x.minutes) / Number(x.period_minutes)),
      idle: sessions === 0 && minutes === 0,
    };
  });
}

/**
 * Occupancy by Beijing clock hour × weekday: machine-minutes in use over machine-minutes available in
 * the period's hours of that slot. Asia/Shanghai is a whole-hour offset, so UTC hours are its hours.
 */
export async function occupancyHeatmap(
  db: Conn,
  stores: ReportStore[],
  start: string,
  end: string,
): Promise<ComputerStatistics['heatmap']> {
  const r = await rows<{ dow: number; hr: number; used: number; cap: number }>(
    db,
    sql`with ${periodOf(storeIdsSql(stores), start, end)}, ${openIn},
      hours as (select hour_at as h, minutes from report_hour_day
                where netbar_id in (${storeIdsSql(stores)}) and day between ${start}::date and ${end}::date
                union all
                select h, extract(epoch from least(op.e, op.hi, h + interval '1 hour') - greatest(op.started_at, op.lo, h)) / 60
                from op cross join lateral generate_series(date_trunc('hour', greatest(op.started_at, op.lo)),
                  least(op.e, op.hi) - interval '1 microsecond', interval '1 hour') h),
      used as (select extract(isodow from h at time zone 'Asia/Shanghai')::int as dow,
                 extract(hour from h at time zone 'Asia/Shanghai')::int as hr, sum(minutes) as used
               from hours group by 1, 2),
      inservice as materialized (select st.*, (select count(*) from machines m where m.netbar_id = st.nid and m.state <> '停用') as n
                    from st),
      cap as (select extract(isodow from h at time zone 'Asia/Shanghai')::int as dow,
                extract(hour from h at time zone 'Asia/Shanghai')::int as hr, sum(60 * st.n) as cap
              from inservice st cross join lateral generate_series(date_trunc('hour', st.lo), st.hi - interval '1 microsecond', interval '1 hour') h
              group by 1, 2)
    select cap.dow, cap.hr, coalesce(used.used, 0)::float8 as used, cap.cap::float8 as cap
    from cap left join used on used.dow = cap.dow and used.hr = cap.hr`,
  );
  return r.map((x) => [
    Number(x.hr),
    Number(x.dow) - 1,
    Number(x.cap) > 0 ? Math.min(100, Math.round((Number(x.used) / Number(x.cap)) * 1000) / 10) : 0,
  ]);
}

/**
 * Members with a session started in the period, new (joined at or after the period's start) or returning.
 * `members` is joined once per member of the period (f), not once per member-day row: at 2 million sessions
 * a year is ~112,000 member-days of ~450 members (decision 159). Per day, distinct members of each kind
 * across the chain's stores, counted per day group (the member-day rows are read twice from their index
 * rather than materialized: a materialized copy spilled to disk and its global DISTINCT to batches —
 * 366 days 270-840 → 180-235 ms at load 13); over the period, distinct members of each kind (from f).
 */
export async function memberMix(
  db: Conn,
  stores: ReportStore[],
  start: string,
  end: string,
): Promise<ComputerStatistics['members']> {
  const ids = storeIdsSql(stores);
  const r = await rows<{ day: string | null; new_members: number; returning_members: number }>(
    db,
    sql`with ${periodOf(ids, start, end)},
      f as materialized (select x.nid, x.member_id, (m.created_at >= st.lo) as is_new
        from (select distinct netbar_id as nid, member_id from report_member_day
              where netbar_id in (${ids}) and day between ${start}::date and ${end}::date) x
        join st on st.nid = x.nid join members m on m.id = x.member_id)
    select d.day::text as day, count(distinct d.member_id) filter (where f.is_new)::int as new_members,
      count(distinct d.member_id) filter (where not f.is_new)::int as returning_members
    from report_member_day d join f on f.nid = d.netbar_id and f.member_id = d.member_id
    where d.netbar_id in (${ids}) and d.day between ${start}::date and ${end}::date
    group by d.day
    union all
    select null, count(distinct member_id) filter (where is_new)::int, count(distinct member_id) filter (where not is_new)::int
    from f
    order by 1 nulls first`,
  );
  const [all, ...days] = r;
  return {
    new_members: Number(all?.new_members ?? 0),
    returning_members: Number(all?.returning_members ?? 0),
    days: days.map(
      (d): ComputerMemberDay => ({
        day: String(d.day),
        new_members: Number(d.new_members),
        returning_members: Number(d.returning_members),
      }),
    ),
  };
}
