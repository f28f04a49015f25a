-- Foundation: accounts of all six user types, agents, netbars, staff, grants, sessions,
-- a small key-value table for captchas and counters, and the append-only operation log.

create table agents (
  id serial primary key,
  name text not null,
  parent_id int references agents(id),
  owner_user_id int,
  contact text not null default '',
  mobile text not null default '',
  province text not null default '',
  city text not null default '',
  district text not null default '',
  address text not null default '',
  status smallint not null default 1,
  created_at timestamptz not null default now()
);
create index agents_parent on agents(parent_id);

create table netbars (
  id serial primary key,
  name text not null,
  agent_id int references agents(id),
  pid int not null default 0,
  chain_id int not null default 0,
  chain_name text not null default '',
  chain_type smallint not null default 0,
  brand_admin_user_id int,
  owner_user_id int,
  contact text not null default '',
  mobile text not null default '',
  province text not null default '',
  city text not null default '',
  district text not null default '',
  address text not null default '',
  machine_count int not null default 0 check (machine_count >= 0),
  expire_at timestamptz,
  status smallint not null default 1,
  created_at timestamptz not null default now()
);
create index netbars_agent on netbars(agent_id);
create index netbars_chain on netbars(chain_id);
create index netbars_pid on netbars(pid);

create table users (
  id serial primary key,
  user_name text not null,
  password_hash text not null,
  type smallint not null check (type between 1 and 6),
  true_name text not null default '',
  mobile text not null default '',
  email text not null default '',
  qq text not null default '',
  address text not null default '',
  postcode text not null default '',
  province text not null default '',
  city text not null default '',
  district text not null default '',
  agent_id int references agents(id),
  netbar_id int references netbars(id),
  status smallint not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_user_name_uq on users (lower(user_name));
create index users_mobile on users(mobile);
create index users_agent on users(agent_id);
create index users_netbar on users(netbar_id);

-- Agent staff (type 2) and netbar staff (type 5): who employs them.
create table staff (
  user_id int primary key references users(id) on delete cascade,
  agent_id int references agents(id),
  netbar_id int references netbars(id),
  position text not null default '',
  created_at timestamptz not null default now(),
  check ((agent_id is null) <> (netbar_id is null))
);

-- Permission ids granted on top of a user type's defaults (staff grants).
create table grants (
  user_id int not null references users(id) on delete cascade,
  perm_id int not null,
  granted_by int,
  created_at timestamptz not null default now(),
  primary key (user_id, perm_id)
);

create table sessions (
  id_hash text primary key,
  token_hash text not null unique,
  user_id int not null references users(id) on delete cascade,
  ctx jsonb not null,
  ip text not null default '',
  user_agent text not null default '',
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user on sessions(user_id);

create table kv (
  key text primary key,
  value jsonb not null,
  expires_at timestamptz
);

create table operation_log (
  id bigserial primary key,
  at timestamptz not null default now(),
  user_id int,
  user_name text not null default '',
  user_type smallint,
  agent_id int,
  netbar_id int,
  ip text not null default '',
  action text not null,
  target text not null default '',
  result text not null check (result in ('success', 'failure')),
  detail text not null default ''
);
create index operation_log_at on operation_log(at);
create index operation_log_agent on operation_log(agent_id, at);
create index operation_log_netbar on operation_log(netbar_id, at);
create index operation_log_user on operation_log(user_id, at);

-- Append-only: rows can be neither changed nor deleted, except by the retention purge, which sets
-- the transaction-local flag app.oplog_purge and may only remove rows older than the retention.
create or replace function operation_log_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' and coalesce(current_setting('app.oplog_purge', true), '') = 'on' then
    return old;
  end if;
  raise exception 'operation_log is append-only';
end;
$$;
create trigger operation_log_no_change before update or delete on operation_log
  for each row execute function operation_log_guard();
