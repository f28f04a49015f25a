-- Online sessions and rate plans (issue 12 item 6; docs/decisions/115-online-billing-rules.md,
-- 116-session-checkpoints.md). A plan targets a store, optionally one area and one member level; its
-- rules (bands, packages, minimum charge) are the contract's RateRules as JSON. A session keeps a
-- snapshot of the rules it started under, and what it has charged so far through the member ledger.

create table rate_plans (
  id serial primary key,
  netbar_id integer not null references netbars(id),
  area_id integer references venue_areas(id) on delete cascade,
  level_id integer references member_levels(id) on delete cascade,
  name text not null,
  rules jsonb not null,
  enabled boolean not null default true,
  updated_by text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- one plan per target: store-wide, per area, per level, per area and level
create unique index rate_plans_target_uq on rate_plans (netbar_id, coalesce(area_id, 0), coalesce(level_id, 0));

create table online_sessions (
  id bigserial primary key,
  netbar_id integer not null references netbars(id),
  member_id integer not null references members(id),
  machine_id integer not null references machines(id),
  area_id integer not null,
  plan_id integer,
  plan_name text not null,
  -- the rules the session is billed under (the level's rate discount already applied)
  rules jsonb not null,
  source text not null check (source in ('console', 'terminal')),
  started_at timestamptz not null default now(),
  last_checkpoint_at timestamptz not null default now(),
  checkpoint_seq integer not null default 0 check (checkpoint_seq >= 0),
  charged_fen bigint not null default 0 check (charged_fen >= 0),
  billed_minutes integer not null default 0 check (billed_minutes >= 0),
  warned_at timestamptz,
  ended_at timestamptz,
  end_reason text check (end_reason in ('下机', '强制下机', '余额不足')),
  started_by text not null default '',
  ended_by text not null default '',
  check ((ended_at is null) = (end_reason is null)),
  check (ended_at is null or ended_at >= started_at)
);
-- a member is online on one machine at a time, and a machine has one open session
create unique index online_sessions_member_open on online_sessions (member_id) where ended_at is null;
create unique index online_sessions_machine_open on online_sessions (machine_id) where ended_at is null;
create index online_sessions_store on online_sessions (netbar_id, started_at desc, id desc);
create index online_sessions_member on online_sessions (member_id, started_at desc, id desc);
create index online_sessions_machine on online_sessions (machine_id, started_at desc, id desc);
create index online_sessions_open on online_sessions (id) where ended_at is null;
