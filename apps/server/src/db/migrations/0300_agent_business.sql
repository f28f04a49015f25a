-- Agent business (issue 5): per-netbar agent data, remarks, staff area grants, server heartbeats,
-- product editions, the agent wallet (balance + append-only ledger), recharge and consumption orders.

-- One row per netbar for what the agent keeps about it.
create table netbar_agent_info (
  netbar_id int primary key references netbars(id),
  person_user_id int references users(id),
  registered_by int references users(id),
  delay_days int not null default 0 check (delay_days between 0 and 365),
  server_key_hash text,
  server_key_at timestamptz
);

create table netbar_remarks (
  id serial primary key,
  netbar_id int not null references netbars(id),
  content text not null,
  follow_date date not null,
  created_by int not null references users(id),
  created_at timestamptz not null default now()
);
create index netbar_remarks_netbar on netbar_remarks(netbar_id, follow_date);

create table staff_remarks (
  id serial primary key,
  staff_user_id int not null references users(id),
  content text not null,
  created_by int not null references users(id),
  created_at timestamptz not null default now()
);
create index staff_remarks_staff on staff_remarks(staff_user_id);

-- Agent staff see only the netbars granted here: by netbar id or by region ('province/city[/district]').
create table staff_area_netbars (
  user_id int not null references users(id) on delete cascade,
  netbar_id int not null references netbars(id),
  primary key (user_id, netbar_id)
);
create table staff_area_regions (
  user_id int not null references users(id) on delete cascade,
  province text not null,
  city text not null,
  district text not null default '',
  primary key (user_id, province, city, district)
);

-- The latest heartbeat of each netbar's local server.
create table netbar_server_status (
  netbar_id int primary key references netbars(id),
  server_version text not null,
  ip text not null,
  machine_count int not null default 0,
  online_count int not null default 0,
  game_update_count int not null default 0,
  last_seen timestamptz not null default now()
);

create table product_editions (
  id serial primary key,
  name text not null,
  price_fen bigint not null check (price_fen > 0),
  description text not null default '',
  status smallint not null default 1,
  created_at timestamptz not null default now()
);
create unique index product_editions_name_uq on product_editions(name);

create table wallets (
  agent_id int primary key references agents(id),
  balance_fen bigint not null default 0 check (balance_fen >= 0),
  updated_at timestamptz not null default now()
);

-- Append-only: the balance is the sum of amount_fen.
create table wallet_ledger (
  id bigserial primary key,
  agent_id int not null references agents(id),
  kind text not null check (kind in ('recharge', 'consume', 'adjust_in', 'adjust_out')),
  amount_fen bigint not null check (amount_fen <> 0),
  balance_after_fen bigint not null check (balance_after_fen >= 0),
  ref text not null default '',
  reason text not null default '',
  created_by int,
  request_id text,
  created_at timestamptz not null default now()
);
create index wallet_ledger_agent on wallet_ledger(agent_id, id);
create unique index wallet_ledger_request_uq on wallet_ledger(agent_id, request_id) where request_id is not null;

create or replace function wallet_ledger_guard() returns trigger language plpgsql as $$
begin
  raise exception 'wallet_ledger is append-only';
end;
$$;
create trigger wallet_ledger_no_change before update or delete on wallet_ledger
  for each row execute function wallet_ledger_guard();

create table recharge_orders (
  id serial primary key,
  order_no text not null unique,
  agent_id int not null references agents(id),
  amount_fen bigint not null check (amount_fen > 0),
  status smallint not null default 0 check (status in (0, 1, 2)),
  remark text not null default '',
  transfer_ref text not null default '',
  reason text not null default '',
  request_id text not null,
  created_by int not null,
  confirmed_by int,
  confirmed_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index recharge_orders_request_uq on recharge_orders(agent_id, request_id);
create index recharge_orders_status on recharge_orders(status, id);

create table consumption_orders (
  id serial primary key,
  order_no text not null unique,
  agent_id int not null references agents(id),
  netbar_id int not null references netbars(id),
  product_id int not null references product_editions(id),
  product_name text not null,
  months int not null check (months between 1 and 36),
  machine_count int not null check (machine_count > 0),
  unit_price_fen bigint not null,
  amount_fen bigint not null check (amount_fen > 0),
  status smallint not null default 0 check (status in (0, 1, 2)),
  old_expire_at timestamptz,
  new_expire_at timestamptz,
  created_by int not null,
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create index consumption_orders_agent on consumption_orders(agent_id, id);
