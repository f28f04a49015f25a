-- Payment links (issue 16 item 4, decision 167): a link or QR with a fixed or open amount and a purpose,
-- opened by the public page /pay/link/<token>; each settled payment of a link is one pay_link_payments row.
create table pay_links (
  id serial primary key,
  -- not guessable: 32 random bytes, base64url
  token text not null unique,
  -- the store whose acquirer collects (for an agent's wallet recharge: the agent's first store)
  netbar_id integer not null references netbars(id),
  -- set for a wallet recharge: the agent whose wallet is credited
  agent_id integer references agents(id),
  purpose text not null check (purpose in ('collect', 'topup', 'order', 'wallet')),
  title text not null check (length(title) between 1 and 40),
  amount_fen bigint check (amount_fen is null or amount_fen > 0),
  min_fen bigint check (min_fen is null or min_fen > 0),
  max_fen bigint check (max_fen is null or max_fen > 0),
  single_use boolean not null default true,
  disabled_at timestamptz,
  expires_at timestamptz not null,
  paid_count integer not null default 0,
  paid_fen bigint not null default 0,
  created_by integer not null,
  created_type smallint not null,
  request_id text not null,
  created_at timestamptz not null default now(),
  check (amount_fen is not null or (min_fen is not null and max_fen is not null and min_fen <= max_fen))
);
create unique index pay_links_request_uq on pay_links (created_by, request_id);
create index pay_links_store on pay_links (netbar_id, id desc);
create index pay_links_agent on pay_links (agent_id, id desc) where agent_id is not null;

create table pay_link_payments (
  id bigserial primary key,
  link_id integer not null references pay_links(id),
  payment_no text not null unique,
  amount_fen bigint not null check (amount_fen > 0),
  paid_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index pay_link_payments_link on pay_link_payments (link_id, id desc);
