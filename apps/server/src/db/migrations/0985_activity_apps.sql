-- 礼包兑换, 线上红包, 收银抽奖 on the activity engine (issue 17 part 3, decision 177).
-- 收银抽奖: the order amount (fen) from which the cashier offers the draw.
alter table activities add column threshold_fen bigint not null default 0 check (threshold_fen >= 0);
-- 线上红包: a random amount in [amount, amount_max] per envelope (null: the fixed amount).
alter table activity_prizes add column amount_max bigint check (amount_max is null or amount_max >= amount);

-- 礼包码: one row per code of a gift-bag activity (a batch or one custom code). The code is unique per
-- store (a lookup is always by the store and the code, so another store's codes are absent).
create table activity_codes (
  id bigserial primary key,
  activity_id integer not null references activities(id),
  netbar_id integer not null,
  code text not null check (code ~ '^[A-Z0-9]{4,32}$'),
  batch text not null default '',
  created_by integer not null default 0,
  created_at timestamptz not null default now()
);
create unique index activity_codes_code on activity_codes (netbar_id, code);
create index activity_codes_activity on activity_codes (activity_id, id);

-- A code's redemption: the primary key makes a code redeemable once, whatever the concurrency
-- (insert … on conflict do nothing inside the claim's transaction). Append-only.
create table activity_code_uses (
  code_id bigint primary key references activity_codes(id),
  claim_id bigint not null references activity_claims(id),
  member_id integer not null,
  at timestamptz not null default now()
);
create trigger activity_code_uses_no_change before update or delete on activity_code_uses
  for each row execute function activity_ledger_guard();
