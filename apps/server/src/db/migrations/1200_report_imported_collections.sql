-- Reports cover the time before the switch (issue 19 item 5; docs/decisions/194-legacy-import.md, amended):
-- the 历史导入 online-collection records (imported_collections, migration 1140) enter the daily rollups on the
-- business day they were paid, apart from this system's own till: report_pay_day gets a row of method
-- 'imported', kind 'collection' (cash/scan/member_fen filter by method, so they never take it in), and
-- report_store_day a separate imported_fen (not in revenue, not in 实收净额: nothing is counted twice).
alter table report_store_day add column imported_fen bigint not null default 0;

create or replace function report_recompute_imported(p_nid integer, p_day date) returns void language plpgsql as $$
declare
  v_lo timestamptz := business_day_start(p_day, report_day_start(p_nid));
  v_hi timestamptz := business_day_start(p_day + 1, report_day_start(p_nid));
  v_fen bigint;
  v_n integer;
begin
  select coalesce(sum(amount_fen), 0), count(*) into v_fen, v_n from imported_collections
    where netbar_id = p_nid and paid_at >= v_lo and paid_at < v_hi;
  if v_n > 0 then
    insert into report_pay_day (netbar_id, day, method, kind, amount_fen, moves)
    values (p_nid, p_day, 'imported', 'collection', v_fen, v_n);
  end if;
  update report_store_day set imported_fen = v_fen where netbar_id = p_nid and day = p_day;
end
$$;

-- after report_recompute_store, which clears the store-day's report_pay_day rows and writes its store row
create or replace function report_recompute(p_nid integer, p_day date) returns void language plpgsql as $$
begin
  perform report_recompute_store(p_nid, p_day);
  perform report_recompute_imported(p_nid, p_day);
  perform report_recompute_machines(p_nid, p_day);
  perform report_recompute_members(p_nid, p_day);
end
$$;

create trigger imported_collections_report after insert or update or delete on imported_collections
  for each row execute function report_mark_row('paid_at');

-- records imported before this migration
insert into report_dirty (netbar_id, day)
select distinct netbar_id, business_day(paid_at, report_day_start(netbar_id)) from imported_collections
on conflict do nothing;
