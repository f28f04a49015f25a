-- The business day (issue 15; docs/decisions/151-business-day.md). Netbars run through the night: each store
-- says when its business day starts (minutes after midnight, Asia/Shanghai; default 08:00), and every report
-- groups by business day. A moment belongs to the day whose start it is at or after and whose next start
-- it is before: with 08:00, 2026-03-02 03:00 (Shanghai) belongs to 2026-03-01.

create table report_settings (
  netbar_id integer primary key references netbars(id),
  day_start_minute integer not null default 480 check (day_start_minute between 0 and 1439),
  updated_by text not null default '',
  updated_at timestamptz not null default now()
);

-- Asia/Shanghai has had no daylight saving since 1991, so the answer never depends on the session's zone.
create or replace function business_day(ts timestamptz, start_minute integer) returns date
  language sql immutable parallel safe as $$
  select ((ts at time zone 'Asia/Shanghai') - make_interval(mins => start_minute))::date
$$;

-- The store's day start (08:00 until saved).
create or replace function report_day_start(nid integer) returns integer language sql stable as $$
  select coalesce((select day_start_minute from report_settings where netbar_id = nid), 480)
$$;

-- The first moment of a store's business day d (the day runs to the next day's first moment, excluded).
create or replace function business_day_start(d date, start_minute integer) returns timestamptz
  language sql immutable parallel safe as $$
  select (d::timestamp + make_interval(mins => start_minute)) at time zone 'Asia/Shanghai'
$$;
