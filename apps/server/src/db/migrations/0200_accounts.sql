-- Accounts and security: the message outbox (SMS and email, 消息发送记录) and the agreement pages.

create table outbox (
  id bigserial primary key,
  channel text not null check (channel in ('sms', 'email')),
  to_addr text not null,
  purpose text not null default '',
  subject text not null default '',
  content text not null,
  status text not null check (status in ('outbox', 'sent', 'failed')),
  error text not null default '',
  ip text not null default '',
  created_at timestamptz not null default now()
);
create index outbox_to on outbox(to_addr, created_at);
create index outbox_created on outbox(created_at);

create table agreements (
  id serial primary key,
  slug text not null,
  title text not null,
  content text not null,
  version text not null,
  effective_date date not null,
  status text not null default 'draft' check (status in ('draft', 'published', 'archived')),
  published_at timestamptz,
  updated_by int,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (slug, version)
);
-- At most one published version per page.
create unique index agreements_one_published on agreements(slug) where status = 'published';
