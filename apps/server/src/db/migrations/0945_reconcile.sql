-- Daily reconciliation (issue 16 item 6, docs/decisions/168-reconciliation.md): a provider's statement of
-- a Beijing day compared with our payments and refunds. One run per (day, provider): a re-run replaces it.
create table reconcile_runs (
  id bigserial primary key,
  day date not null,
  provider text not null,
  status text not null default '进行中' check (status in ('进行中', '已完成', '失败')),
  statement_lines integer not null default 0,
  matched integer not null default 0,
  missing_ours integer not null default 0,
  missing_theirs integer not null default 0,
  amount_mismatch integer not null default 0,
  status_mismatch integer not null default 0,
  -- totals in fen: the statement's pay and refund lines, our paid payments and successful refunds of the day
  their_pay_fen bigint not null default 0,
  their_refund_fen bigint not null default 0,
  our_pay_fen bigint not null default 0,
  our_refund_fen bigint not null default 0,
  error text not null default '',
  -- 0: the daily job
  started_by integer not null default 0,
  started_at timestamptz not null default now(),
  finished_at timestamptz,
  unique (day, provider)
);
create index reconcile_runs_day on reconcile_runs (day desc, id desc);

-- What did not match: kind missing_ours (on the statement, not ours), missing_theirs (ours, not on the
-- statement), amount (both, amounts differ), status (both, our payment is not paid / our refund not done).
create table reconcile_diffs (
  id bigserial primary key,
  run_id bigint not null references reconcile_runs(id) on delete cascade,
  kind text not null check (kind in ('missing_ours', 'missing_theirs', 'amount', 'status')),
  line_kind text not null check (line_kind in ('pay', 'refund')),
  payment_no text not null default '',
  refund_no text not null default '',
  txn_id text not null default '',
  netbar_id integer,
  our_amount_fen bigint,
  their_amount_fen bigint,
  our_status text not null default '',
  at timestamptz
);
create index reconcile_diffs_run on reconcile_diffs (run_id, kind, id);

-- The statement being compared, loaded in batches (a million lines are not held in memory twice).
create table reconcile_staging (
  run_id bigint not null,
  line_kind text not null,
  payment_no text not null,
  txn_id text not null,
  refund_no text not null,
  amount_fen bigint not null,
  at timestamptz not null
);

-- our side of a day: the payments paid in it (the payments table had no index on paid_at)
create index payments_paid_at on payments (paid_at) where paid_at is not null;
