-- Tips (issue 14 item 3; docs/decisions/148-tips.md). A member tips a staff member of the store from
-- 本金 (a member_ledger row of kind 'tip'); the tip is a row of the staff tip ledger. A payout (cash out of
-- a shift: a till_ledger 支出 「打赏发放」) is a row of the same ledger with a negative amount. Rows carry the
-- staff member's running totals in the store (tipped_after, paid_after), so unpaid = tipped - paid = the
-- sum of the ledger; tip_balances holds the running figures, locked by each move.
create table tip_ledger (
  id bigserial primary key,
  netbar_id integer not null references netbars(id),
  staff_user_id integer not null references users(id),
  staff_name text not null,
  kind text not null check (kind in ('tip', 'payout')),
  -- signed: a tip in is positive, a payout out negative
  amount_fen bigint not null check ((kind = 'tip' and amount_fen > 0) or (kind = 'payout' and amount_fen < 0)),
  tipped_after bigint not null,
  paid_after bigint not null,
  -- a tip's origin: 'terminal' (a PC, machine named) or 'counter'; '' for a payout
  source text not null default '' check (source in ('', 'terminal', 'counter')),
  member_id integer references members(id),
  member_ledger_id bigint,
  machine_id integer,
  machine_name text not null default '',
  -- a payout's shift and till row
  shift_id bigint references shifts(id),
  till_ledger_id bigint,
  remark text not null default '',
  user_id integer not null default 0,
  user_name text not null default '',
  request_id text not null,
  at timestamptz not null default now(),
  check (paid_after >= 0 and tipped_after >= paid_after),
  check ((kind = 'tip') = (member_id is not null))
);
-- a retried request applies once
create unique index tip_ledger_request on tip_ledger (netbar_id, request_id);
create index tip_ledger_store on tip_ledger (netbar_id, at desc, id desc);
create index tip_ledger_staff on tip_ledger (netbar_id, staff_user_id, id);

create trigger tip_ledger_no_change before update or delete on tip_ledger
  for each row execute function ledger_guard();
create trigger tip_ledger_no_truncate before truncate on tip_ledger
  for each statement execute function ledger_guard();

-- The running figures of a staff member's tips in a store (the last ledger row's totals).
create table tip_balances (
  netbar_id integer not null references netbars(id),
  staff_user_id integer not null references users(id),
  tipped_fen bigint not null default 0,
  paid_fen bigint not null default 0,
  tips integer not null default 0,
  last_ledger_id bigint,
  primary key (netbar_id, staff_user_id),
  check (paid_fen >= 0 and tipped_fen >= paid_fen)
);
