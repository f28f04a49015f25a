-- Append-only ledgers (docs/decisions/053-append-only-ledgers.md): one guard for every ledger table.
-- UPDATE, DELETE and TRUNCATE are refused. A ledger with a retention period names its time column and
-- its minimum retention in days as trigger arguments; its rows may then be deleted only once older
-- than that minimum, and only from inside ledger_purge(), the one function the retention job calls.
-- There is no session flag to set any more (the app.oplog_purge bypass is gone).
create or replace function ledger_guard() returns trigger language plpgsql as $$
declare
  stack text;
  at timestamptz;
begin
  if tg_op = 'DELETE' and tg_nargs >= 2 then
    get diagnostics stack = pg_context;
    at := (to_jsonb(old) ->> tg_argv[0])::timestamptz;
    if stack ~ '(^|\n)PL/pgSQL function ledger_purge\(' and at < now() - make_interval(days => tg_argv[1]::int) then
      return old;
    end if;
  end if;
  raise exception '% is append-only: % refused', tg_table_name, tg_op using errcode = 'insufficient_privilege';
end;
$$;

-- Deletes the rows of one ledger older than keep_days (never fewer than the ledger's own minimum,
-- which the guard checks again row by row). Returns how many rows went.
create or replace function ledger_purge(ledger regclass, keep_days int) returns bigint
language plpgsql security definer set search_path = public as $$
declare
  col text;
  min_days int;
  n bigint;
begin
  select t.tgargs_col, t.tgargs_min into col, min_days
  from (
    select split_part(encode(tgargs, 'escape'), '\000', 1) as tgargs_col,
           nullif(split_part(encode(tgargs, 'escape'), '\000', 2), '')::int as tgargs_min
    from pg_trigger where tgrelid = ledger and tgname like '%\_no\_change' and tgnargs >= 2
  ) t limit 1;
  if col is null then
    raise exception '% has no retention period', ledger;
  end if;
  execute format('delete from %s where %I < now() - make_interval(days => $1)', ledger, col)
    using greatest(keep_days, min_days);
  get diagnostics n = row_count;
  return n;
end;
$$;

drop trigger if exists operation_log_no_change on operation_log;
drop function if exists operation_log_guard();
create trigger operation_log_no_change before update or delete on operation_log
  for each row execute function ledger_guard('at', '180');
create trigger operation_log_no_truncate before truncate on operation_log
  for each statement execute function ledger_guard();

drop trigger if exists wallet_ledger_no_change on wallet_ledger;
drop function if exists wallet_ledger_guard();
create trigger wallet_ledger_no_change before update or delete on wallet_ledger
  for each row execute function ledger_guard();
create trigger wallet_ledger_no_truncate before truncate on wallet_ledger
  for each statement execute function ledger_guard();

create trigger stock_ledger_no_change before update or delete on stock_ledger
  for each row execute function ledger_guard();
create trigger stock_ledger_no_truncate before truncate on stock_ledger
  for each statement execute function ledger_guard();

-- Later ledgers attach the same way:
--   create trigger <t>_no_change before update or delete on <t> for each row execute function ledger_guard();
--   create trigger <t>_no_truncate before truncate on <t> for each statement execute function ledger_guard();
