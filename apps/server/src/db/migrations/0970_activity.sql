-- Application centre and activity engine (issue 17, decisions 173 and 174).
-- store_apps: a store's switch per app of the application centre (absent: the app's default).
create table store_apps (
  netbar_id integer not null references netbars(id),
  app text not null,
  enabled boolean not null,
  -- a paid app: the product edition and its price (per machine per month) when it was enabled
  product_id integer references product_editions(id),
  price_fen bigint not null default 0,
  updated_by integer not null default 0,
  updated_at timestamptz not null default now(),
  primary key (netbar_id, app)
);

-- One row per activity of any kind. status is stored (draft, published, paused, ended); 未开始/进行中/已结束
-- follow from the schedule. spent_fen and claims are running figures of activity_claims, changed only
-- by a claim under the activity's row lock.
create table activities (
  id serial primary key,
  netbar_id integer not null references netbars(id),
  kind text not null,
  name text not null check (length(name) between 1 and 30),
  scope text not null default 'store' check (scope in ('store', 'chain')),
  status text not null default 'draft' check (status in ('draft', 'published', 'paused', 'ended')),
  -- paused because its app was disabled: enabling the app again resumes it
  paused_by_app boolean not null default false,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  windows jsonb not null default '[]',
  audience jsonb not null default '{}',
  per_day_limit integer not null default 0 check (per_day_limit >= 0),
  per_member_limit integer not null default 0 check (per_member_limit >= 0),
  budget_fen bigint not null default 0 check (budget_fen >= 0),
  spent_fen bigint not null default 0 check (spent_fen >= 0 and spent_fen <= budget_fen),
  claims integer not null default 0,
  price_kind text not null default 'none' check (price_kind in ('none', 'points', 'balance')),
  price_amount bigint not null default 0 check (price_amount >= 0),
  created_by integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_at > starts_at)
);
create index activities_store on activities (netbar_id, id desc);

create table activity_prizes (
  id serial primary key,
  activity_id integer not null references activities(id),
  seq smallint not null,
  name text not null,
  kind text not null check (kind in ('bonus', 'points', 'minutes', 'goods')),
  amount bigint not null check (amount > 0),
  goods_id integer,
  cost_fen bigint not null check (cost_fen >= 0),
  quantity integer not null check (quantity > 0),
  issued integer not null default 0 check (issued >= 0 and issued <= quantity),
  odds_bp integer,
  streak_day smallint
);
create unique index activity_prizes_seq on activity_prizes (activity_id, seq);

-- One row per claim (a sign-in, a box bought): what was paid for it and the prize it paid, with the
-- member and stock ledger rows written in the same transaction. Unique per store and request_id.
create table activity_claims (
  id bigserial primary key,
  activity_id integer not null references activities(id),
  netbar_id integer not null,
  pool_id integer not null,
  member_id integer not null references members(id),
  machine_id integer,
  day date not null,
  prize_id integer references activity_prizes(id),
  prize_kind text not null default '',
  amount bigint not null default 0,
  cost_fen bigint not null default 0,
  paid_kind text not null default 'none',
  paid_amount bigint not null default 0,
  streak integer not null default 0,
  member_ledger_id bigint,
  request_id text not null,
  at timestamptz not null default now()
);
create unique index activity_claims_request on activity_claims (netbar_id, request_id);
create index activity_claims_member on activity_claims (activity_id, member_id, day);
create index activity_claims_activity on activity_claims (activity_id, id desc);

-- Every draw: the candidates with their odds and remaining quantity, the CSPRNG roll out of the total
-- and the prize it chose, so a result can be recomputed.
create table activity_draws (
  id bigserial primary key,
  claim_id bigint not null references activity_claims(id),
  activity_id integer not null,
  candidates jsonb not null,
  total integer not null,
  roll integer not null check (roll >= 0 and roll < total),
  prize_id integer not null,
  at timestamptz not null default now()
);
create unique index activity_draws_claim on activity_draws (claim_id);

create or replace function activity_ledger_guard() returns trigger language plpgsql as $$
begin
  raise exception 'activity claims and draws are append-only';
end;
$$;
create trigger activity_claims_no_change before update or delete on activity_claims
  for each row execute function activity_ledger_guard();
create trigger activity_draws_no_change before update or delete on activity_draws
  for each row execute function activity_ledger_guard();
