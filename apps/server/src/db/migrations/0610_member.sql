-- Members (issue 12, docs/decisions/105-member-ledger.md, 106-member-card-encryption.md, 107-member-pool.md).
-- A member belongs to a pool: its store, or the chain head's id when the head shares members across the
-- chain (会员连锁通用). Levels belong to the pool too. Balances are sums of member_ledger, written in the
-- same transaction as the running figures on members (applyMemberMove).

create table member_settings (
  netbar_id integer primary key references netbars(id),
  deduct_order text not null default 'bonus_first' check (deduct_order in ('bonus_first', 'principal_first')),
  chain_shared boolean not null default false,
  updated_at timestamptz not null default now()
);

create table member_levels (
  id serial primary key,
  pool_id integer not null references netbars(id),
  name text not null,
  threshold_fen bigint not null default 0 check (threshold_fen >= 0),
  rate_discount integer not null default 100 check (rate_discount between 1 and 100),
  member_price boolean not null default false,
  points_per_yuan integer not null default 0 check (points_per_yuan >= 0),
  bonus_rules jsonb not null default '[]',
  overdraft_fen bigint not null default 0 check (overdraft_fen >= 0),
  created_at timestamptz not null default now()
);
create unique index member_levels_name on member_levels (pool_id, name);

create table members (
  id serial primary key,
  pool_id integer not null references netbars(id),
  netbar_id integer not null references netbars(id),
  card_kind smallint not null default 2 check (card_kind in (1, 2)),
  card_enc text not null,
  card_hmac text not null,
  card_mask text not null,
  name text not null,
  mobile text not null default '',
  level_id integer not null references member_levels(id),
  principal_fen bigint not null default 0,
  bonus_fen bigint not null default 0 check (bonus_fen >= 0),
  points bigint not null default 0 check (points >= 0),
  topup_total_fen bigint not null default 0,
  status smallint not null default 1 check (status in (1, 2, 3, 4)),
  remark text not null default '',
  created_by integer,
  created_by_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_visit_at timestamptz,
  last_ledger_id bigint
);
-- one live card per pool; a returned card (已退卡) may be issued again
create unique index members_card on members (pool_id, card_hmac) where status <> 4;
create index members_pool on members (pool_id, id desc);
create index members_visit on members (pool_id, last_visit_at);

create table member_ledger (
  id bigserial primary key,
  pool_id integer not null,
  netbar_id integer not null,
  member_id integer not null references members(id),
  kind text not null,
  principal_delta bigint not null default 0,
  principal_before bigint not null,
  principal_after bigint not null,
  bonus_delta bigint not null default 0,
  bonus_before bigint not null,
  bonus_after bigint not null,
  points_delta bigint not null default 0,
  points_before bigint not null,
  points_after bigint not null,
  pay_method text not null default '',
  paid_fen bigint not null default 0,
  order_id bigint,
  session_id bigint,
  shift_id bigint,
  ref_no text not null default '',
  remark text not null default '',
  user_id integer not null default 0,
  user_name text not null default '',
  request_id text not null,
  seq smallint not null default 1,
  at timestamptz not null default now()
);
-- a retried request applies once; a transfer's two rows share the request (seq 1 out, seq 2 in)
create unique index member_ledger_request on member_ledger (netbar_id, request_id, seq);
create index member_ledger_member on member_ledger (member_id, at desc, id desc);
create index member_ledger_pool on member_ledger (pool_id, at desc, id desc);

create trigger member_ledger_no_change before update or delete on member_ledger
  for each row execute function ledger_guard();
create trigger member_ledger_no_truncate before truncate on member_ledger
  for each statement execute function ledger_guard();

create table member_redemptions (
  id serial primary key,
  pool_id integer not null,
  netbar_id integer not null,
  member_id integer not null references members(id),
  ledger_id bigint not null,
  kind text not null check (kind in ('bonus', 'online', 'goods')),
  points bigint not null,
  bonus_fen bigint not null default 0,
  minutes integer not null default 0,
  sku_id integer,
  goods_name text not null default '',
  qty integer not null default 0,
  remark text not null default '',
  user_id integer not null default 0,
  user_name text not null default '',
  at timestamptz not null default now()
);
create index member_redemptions_pool on member_redemptions (pool_id, at desc, id desc);
