-- 上机统计 (240) at chain scale (decision 159): the machine table, area utilisation and the hour × weekday
-- heat map read daily rollups instead of expanding every raw session. Closed sessions only carry minutes
-- and lengths here; a session still open is added by the report from the raw row (at most one a machine).

-- per store × business day × machine: sessions started that day (open ones too), the minutes of closed
-- sessions inside the day, the whole lengths of closed sessions started that day, online fees charged that day
create table report_machine_day (
  netbar_id integer not null,
  day date not null,
  machine_id integer not null,
  sessions integer not null default 0,
  minutes numeric not null default 0,
  length_minutes numeric not null default 0,
  fee_fen bigint not null default 0,
  primary key (netbar_id, day, machine_id)
);

-- per store × business day × clock hour (its start): machine-minutes of closed sessions in that hour and day
create table report_hour_day (
  netbar_id integer not null,
  day date not null,
  hour_at timestamptz not null,
  minutes numeric not null default 0,
  primary key (netbar_id, day, hour_at)
);

-- a closed session marks every business day it covers (the row trigger of 0851 marks only its start day)
create or replace function report_mark_span(nid integer, lo timestamptz, hi timestamptz) returns void language sql as $$
  insert into report_dirty (netbar_id, day)
  select nid, g::date from generate_series(business_day(lo, report_day_start(nid)),
    business_day(hi, report_day_start(nid)), interval '1 day') g
  on conflict do nothing
$$;

create or replace function report_mark_session() returns trigger language plpgsql as $$
declare
  moved boolean := tg_op <> 'UPDATE' or old.ended_at is distinct from new.ended_at
    or old.started_at <> new.started_at or old.machine_id <> new.machine_id or old.netbar_id <> new.netbar_id;
begin
  if moved and tg_op <> 'INSERT' and old.ended_at is not null then
    perform report_mark_span(old.netbar_id, old.started_at, old.ended_at);
  end if;
  if moved and tg_op <> 'DELETE' and new.ended_at is not null then
    perform report_mark_span(new.netbar_id, new.started_at, new.ended_at);
  end if;
  return null;
end
$$;

create trigger online_sessions_report_span after insert or update or delete on online_sessions
  for each row execute function report_mark_session();

-- the store-day tables of 0851 stay as they were; the recompute now also rebuilds the two above
alter function report_recompute(integer, date) rename to report_recompute_store;

-- the closed sessions touching [lo, hi), cut to it (none is longer than 7 days: the bound the index uses)
create or replace function report_day_sessions(p_nid integer, p_lo timestamptz, p_hi timestamptz)
returns table (machine_id integer, lo timestamptz, hi timestamptz) language sql stable as $$
  select s.machine_id, greatest(s.started_at, p_lo), least(s.ended_at, p_hi)
    from online_sessions s
    where s.netbar_id = p_nid and s.started_at < p_hi and s.started_at >= p_lo - interval '7 days'
      and s.ended_at > p_lo
$$;

create or replace function report_recompute_machines(p_nid integer, p_day date) returns void language plpgsql as $$
declare
  v_lo timestamptz := business_day_start(p_day, report_day_start(p_nid));
  v_hi timestamptz := business_day_start(p_day + 1, report_day_start(p_nid));
begin
  delete from report_machine_day where netbar_id = p_nid and day = p_day;
  delete from report_hour_day where netbar_id = p_nid and day = p_day;

  insert into report_machine_day (netbar_id, day, machine_id, sessions, minutes, length_minutes, fee_fen)
  select p_nid, p_day, x.machine_id, sum(x.sessions), sum(x.minutes), sum(x.length), sum(x.fee) from (
      select s.machine_id, 1 as sessions, 0::numeric as minutes,
          coalesce(extract(epoch from s.ended_at - s.started_at) / 60, 0) as length, 0::bigint as fee
        from online_sessions s where s.netbar_id = p_nid and s.started_at >= v_lo and s.started_at < v_hi
      union all
      select ss.machine_id, 0, extract(epoch from ss.hi - ss.lo) / 60, 0, 0 from report_day_sessions(p_nid, v_lo, v_hi) ss
      union all
      select s.machine_id, 0, 0, 0, -(l.principal_delta + l.bonus_delta)
        from member_ledger l join online_sessions s on s.id = l.session_id
        where l.netbar_id = p_nid and l.at >= v_lo and l.at < v_hi
          and l.session_id is not null and l.kind in ('consume', 'consume_refund')
    ) x group by x.machine_id;

  insert into report_hour_day (netbar_id, day, hour_at, minutes)
  select p_nid, p_day, h, sum(extract(epoch from least(ss.hi, h + interval '1 hour') - greatest(ss.lo, h)) / 60)
    from report_day_sessions(p_nid, v_lo, v_hi) ss cross join lateral generate_series(date_trunc('hour', ss.lo),
      ss.hi - interval '1 microsecond', interval '1 hour') h
    group by h;
end
$$;

create or replace function report_recompute(p_nid integer, p_day date) returns void language plpgsql as $$
begin
  perform report_recompute_store(p_nid, p_day);
  perform report_recompute_machines(p_nid, p_day);
end
$$;

-- every store-day with a session is rebuilt once by the job (or the next report of its range)
insert into report_dirty (netbar_id, day)
select distinct netbar_id, business_day(at, report_day_start(netbar_id)) from (
    select netbar_id, started_at as at from online_sessions
    union all select netbar_id, ended_at from online_sessions where ended_at is not null
  ) x
on conflict do nothing;
