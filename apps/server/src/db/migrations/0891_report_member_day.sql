-- 上机统计 (240)'s new against returning members from a rollup (decision 159): the members with a session
-- started on each store's business day (open sessions too). The report joins members for created_at, so a
-- member whose join date changes needs no recompute here.
create table report_member_day (
  netbar_id integer not null,
  day date not null,
  member_id integer not null,
  primary key (netbar_id, day, member_id)
);

create or replace function report_recompute_members(p_nid integer, p_day date) returns void language plpgsql as $$
declare
  v_lo timestamptz := business_day_start(p_day, report_day_start(p_nid));
  v_hi timestamptz := business_day_start(p_day + 1, report_day_start(p_nid));
begin
  delete from report_member_day where netbar_id = p_nid and day = p_day;
  insert into report_member_day (netbar_id, day, member_id)
  select distinct p_nid, p_day, s.member_id from online_sessions s
    where s.netbar_id = p_nid and s.started_at >= v_lo and s.started_at < v_hi;
end
$$;

create or replace function report_recompute(p_nid integer, p_day date) returns void language plpgsql as $$
begin
  perform report_recompute_store(p_nid, p_day);
  perform report_recompute_machines(p_nid, p_day);
  perform report_recompute_members(p_nid, p_day);
end
$$;

-- the history in one statement (the same rows the recompute gives; no day needs marking for it)
insert into report_member_day (netbar_id, day, member_id)
select distinct netbar_id, business_day(started_at, report_day_start(netbar_id)), member_id from online_sessions
on conflict do nothing;
