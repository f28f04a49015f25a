-- 短信营销 (issue 17 part 4, decision 179). A campaign is written as a draft, then 发送 schedules it
-- (request_id: a retried send is the same send); the dispatcher expands the audience into one recipient
-- row per member (unique: a member gets a campaign once), skips opted-out members, honours quiet hours
-- and the store's daily cap, and hands each message to the outbox.
create table sms_campaigns (
  id serial primary key,
  netbar_id integer not null references netbars(id),
  pool_id integer not null,
  name text not null check (length(name) between 1 and 40),
  content text not null,
  -- the text as sent: 【店名】 + content
  full_text text not null,
  audience jsonb not null default '{}',
  status text not null default 'draft' check (status in ('draft', 'scheduled', 'sending', 'done', 'cancelled')),
  send_at timestamptz,
  segments integer not null default 1,
  price_fen integer not null default 0,
  recipients integer not null default 0,
  cost_fen bigint not null default 0,
  request_id text,
  created_by integer not null default 0,
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index sms_campaigns_store on sms_campaigns (netbar_id, id desc);
create unique index sms_campaigns_request on sms_campaigns (netbar_id, request_id) where request_id is not null;
create index sms_campaigns_due on sms_campaigns (send_at) where status in ('scheduled', 'sending');

create table sms_recipients (
  id bigserial primary key,
  campaign_id integer not null references sms_campaigns(id),
  netbar_id integer not null,
  member_id integer not null,
  mobile text not null,
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed', 'skipped')),
  error text not null default '',
  sent_at timestamptz,
  unique (campaign_id, member_id)
);
create index sms_recipients_day on sms_recipients (netbar_id, sent_at) where status in ('sent', 'failed');

-- Opt-out, forever: a member who replied T (or whom staff opted out) is never included again.
create table sms_opt_outs (
  pool_id integer not null,
  member_id integer not null,
  source text not null check (source in ('reply', 'staff')),
  created_by integer not null default 0,
  created_at timestamptz not null default now(),
  primary key (pool_id, member_id)
);
