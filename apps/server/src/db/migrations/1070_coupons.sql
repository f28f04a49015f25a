-- 优惠券 (issue 17 item 2, decision 186): coupon templates of a store (or a chain head, seen by its stores)
-- and the coupons issued from them to members. A member coupon keeps what its template said when it was
-- issued (rule, scope, validity as Beijing days inclusive); 已过期 is computed from valid_to. A coupon is
-- used by one order (marked in the order's transaction) and given back by the order's cancel or full refund.
create table coupon_templates (
  id serial primary key,
  netbar_id integer not null references netbars(id),
  scope text not null default 'store' check (scope in ('store', 'chain')),
  name text not null check (length(name) between 1 and 20),
  kind text not null check (kind in ('full_off', 'voucher')),
  amount_fen bigint not null check (amount_fen > 0),
  min_spend_fen bigint not null default 0 check (min_spend_fen >= 0),
  -- [] = every goods; else goods category ids
  category_ids jsonb not null default '[]',
  valid_mode text not null check (valid_mode in ('range', 'days')),
  valid_from date,
  valid_to date,
  valid_days integer check (valid_days between 1 and 365),
  status text not null default 'active' check (status in ('active', 'disabled')),
  issued integer not null default 0 check (issued >= 0),
  used integer not null default 0 check (used >= 0),
  created_by integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((kind = 'voucher' and min_spend_fen = 0) or (kind = 'full_off' and min_spend_fen >= amount_fen)),
  check ((valid_mode = 'range' and valid_from is not null and valid_to >= valid_from)
      or (valid_mode = 'days' and valid_days is not null))
);
create index coupon_templates_store on coupon_templates (netbar_id, id desc);

create table member_coupons (
  id bigserial primary key,
  -- the store whose template it is (a chain head's coupon is usable in its stores)
  netbar_id integer not null references netbars(id),
  template_id integer not null references coupon_templates(id),
  pool_id integer not null,
  member_id integer not null references members(id),
  name text not null,
  kind text not null,
  amount_fen bigint not null check (amount_fen > 0),
  min_spend_fen bigint not null default 0,
  category_ids jsonb not null default '[]',
  valid_from date not null,
  valid_to date not null check (valid_to >= valid_from),
  status text not null default 'unused' check (status in ('unused', 'used', 'void')),
  source text not null check (source in ('activity', 'manual')),
  activity_id integer references activities(id),
  issued_by integer not null default 0,
  issued_by_name text not null default '',
  request_id text not null,
  issued_at timestamptz not null default now(),
  -- the order that used it (status used), its store and the discount it gave
  order_id bigint,
  used_netbar_id integer,
  used_fen bigint not null default 0 check (used_fen >= 0),
  used_at timestamptz,
  voided_at timestamptz,
  check ((status = 'used') = (order_id is not null))
);
create unique index member_coupons_request on member_coupons (netbar_id, request_id);
create index member_coupons_member on member_coupons (pool_id, member_id, status);
create index member_coupons_store on member_coupons (netbar_id, id desc);
create unique index member_coupons_order on member_coupons (order_id) where order_id is not null;
