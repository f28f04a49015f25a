-- Shifts and the till ledger (issue 13 item 6; docs/decisions/122-shift-till-ledger.md). A shift belongs
-- to one store and one cashier; every money movement at the counter (sales by method, top-ups, refunds,
-- lease deposits and returns, petty cash) is one append-only till_ledger row of exactly one shift.
-- Expected cash of a shift = float_fen + the sum of its cash rows.

create table shifts (
  id bigserial primary key,
  netbar_id integer not null references netbars(id),
  shift_no text not null,
  cashier_id integer not null,
  cashier_name text not null,
  float_fen bigint not null default 0 check (float_fen >= 0),
  -- 'counter': opened by the cashier with a counted float; 'auto': opened by the first money movement
  -- of a cashier without an open shift; 'handover': opened by the previous shift's handover
  opened_how text not null default 'counter' check (opened_how in ('counter', 'auto', 'handover')),
  prev_shift_id bigint references shifts(id),
  opened_at timestamptz not null default now(),
  status text not null default 'open' check (status in ('open', 'closed')),
  closed_at timestamptz,
  closed_by text not null default '',
  expected_cash_fen bigint,
  counted_cash_fen bigint,
  over_short_fen bigint,
  over_short_reason text not null default '',
  count_detail jsonb not null default '[]'::jsonb,
  float_left_fen bigint check (float_left_fen >= 0),
  next_shift_id bigint references shifts(id),
  carried_orders integer not null default 0,
  approved_by text not null default '',
  remark text not null default '',
  request_id text,
  check ((status = 'closed') = (closed_at is not null)),
  check (closed_at is null or closed_at >= opened_at)
);
create unique index shifts_no on shifts (netbar_id, shift_no);
-- a cashier has one open shift in a store at a time
create unique index shifts_open on shifts (netbar_id, cashier_id) where status = 'open';
create unique index shifts_request on shifts (netbar_id, request_id) where request_id is not null;
create index shifts_store on shifts (netbar_id, opened_at desc, id desc);

create table till_ledger (
  id bigserial primary key,
  netbar_id integer not null references netbars(id),
  shift_id bigint not null references shifts(id),
  -- sale, refund, topup, lease_deposit, lease_fee, lease_refund, desk, petty_in, petty_out
  kind text not null,
  -- cash, member, scan, ... (the payment method the money moved through)
  method text not null,
  -- signed: money in is positive, money out negative
  amount_fen bigint not null,
  order_id bigint,
  ref_type text not null default '',
  ref_no text not null default '',
  remark text not null default '',
  user_id integer not null default 0,
  user_name text not null default '',
  request_id text not null,
  seq smallint not null default 1,
  at timestamptz not null default now()
);
-- a retried movement applies once
create unique index till_ledger_request on till_ledger (netbar_id, request_id, seq);
create index till_ledger_shift on till_ledger (shift_id, id);
create index till_ledger_store on till_ledger (netbar_id, at desc, id desc);
create index till_ledger_order on till_ledger (order_id) where order_id is not null;

create trigger till_ledger_no_change before update or delete on till_ledger
  for each row execute function ledger_guard();
