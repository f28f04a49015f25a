-- The rows of a file import that are not plain creations (decision 190): skipped or updated, with the
-- Chinese reason, for the downloadable dry-run report. Rewritten by each dry run of the job.
create table file_import_rows (
  job_id bigint not null references file_import_jobs(id),
  row integer not null,
  outcome text not null check (outcome in ('update', 'skip')),
  reason text not null,
  primary key (job_id, row)
);

-- A file import inserts members and member_ledger rows thousands per statement; the report marks of
-- decision 152 (report_mark_row, one to_jsonb and one report_dirty insert per row) took 80% of its time.
-- Inserts now mark the distinct (store, business day) pairs once per statement from the transition
-- table; updates and deletes keep their row triggers. The days marked are the same.
create or replace function report_mark_inserted() returns trigger language plpgsql as $$
begin
  execute format(
    'insert into report_dirty (netbar_id, day)
       select netbar_id, business_day(at, report_day_start(netbar_id))
       from (select distinct netbar_id, %1$I as at from new_rows where netbar_id is not null and %1$I is not null) x
     on conflict do nothing', tg_argv[0]);
  return null;
end
$$;

drop trigger members_report on members;
create trigger members_report after update of created_at, netbar_id or delete on members
  for each row execute function report_mark_row('created_at');
create trigger members_report_insert after insert on members
  referencing new table as new_rows for each statement execute function report_mark_inserted('created_at');

drop trigger member_ledger_report on member_ledger;
create trigger member_ledger_report after delete on member_ledger
  for each row execute function report_mark_row('at');
create trigger member_ledger_report_insert after insert on member_ledger
  referencing new table as new_rows for each statement execute function report_mark_inserted('at');
