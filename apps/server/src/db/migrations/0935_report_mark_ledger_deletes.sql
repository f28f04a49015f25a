-- Retention and the rollups (issue 15; docs/decisions/152-report-rollups.md, amended). A rollup must stay
-- equal to the raw rows it counts, so any delete of such a row marks its business day dirty. orders,
-- online_sessions, lease_orders and members were marked on delete already; the append-only ledgers the
-- rollups read (order_refunds, member_ledger, till_ledger) were marked on insert only, since their guard
-- (decision 053) refuses every delete. Today only operation_log has a retention period (ledger_purge), and
-- no rollup reads it; these triggers make a retention period added to a counted ledger later mark the
-- days it purges instead of leaving the rollups counting rows that are gone.
drop trigger order_refunds_report on order_refunds;
create trigger order_refunds_report after insert or delete on order_refunds
  for each row execute function report_mark_row('at');
drop trigger member_ledger_report on member_ledger;
create trigger member_ledger_report after insert or delete on member_ledger
  for each row execute function report_mark_row('at');
drop trigger till_ledger_report on till_ledger;
create trigger till_ledger_report after insert or delete on till_ledger
  for each row execute function report_mark_row('at');
