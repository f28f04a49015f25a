-- 合作平台账号 (login_panda, decision 195): which partner-platform account a product user is bound to.
-- One row per product user (a netbar owner, or the administrator who has no store); a partner account is
-- bound to one product user at most. The partner password is never stored: bind_panda checks it with the
-- partner platform and keeps only the account name.
create table partner_bindings (
  user_id integer primary key references users(id),
  netbar_id integer references netbars(id),
  partner_user text not null,
  origin text not null check (origin in ('bind', 'register')),
  bound_at timestamptz not null default now()
);
create unique index partner_bindings_partner_user on partner_bindings (partner_user);
