-- Payment methods, quick payment and fixed QR codes of a store (issue 16 item 2; payment service /api/c1;
-- docs/decisions/162-payment-methods-and-fixed-codes.md). Each pay type of the contract's catalogue at most
-- once per store; sort is the store's order; cashier / client say where it is offered.

create table payment_methods (
  id serial primary key,
  netbar_id integer not null references netbars(id),
  pay_type text not null check (pay_type in ('cash', 'member', 'wechat', 'alipay', 'aggregate', 'unionpay')),
  name text not null,
  enabled boolean not null default true,
  sort integer not null default 0,
  cashier boolean not null default true,
  client boolean not null default false,
  provider text not null check (provider in ('none', 'sandbox', 'alipay', 'wechatpay', 'sqb')),
  -- {merchant_no}: the merchant number at the acquirer; keys and certificates come from configuration
  settings jsonb not null default '{}'::jsonb,
  updated_by text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index payment_methods_type on payment_methods (netbar_id, pay_type);

-- 快捷支付 per store: no row = off
create table payment_store_settings (
  netbar_id integer primary key references netbars(id),
  quick_payment boolean not null default false,
  updated_by text not null default '',
  updated_at timestamptz not null default now()
);

-- A store's standing QR code for any amount: 0 待审核, 1 已通过, 2 已驳回 (by the payment company).
-- The token (32 random bytes, base64url) is the public page /pay/code/<token>.
create table fixed_qrcodes (
  id serial primary key,
  netbar_id integer not null references netbars(id),
  token text not null,
  status smallint not null default 0 check (status in (0, 1, 2)),
  reason text not null default '',
  applied_by text not null default '',
  audited_by_user_id integer,
  audited_by text not null default '',
  audited_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index fixed_qrcodes_token on fixed_qrcodes (token);
-- one live (pending or approved) code per store: two applications at once leave one
create unique index fixed_qrcodes_live on fixed_qrcodes (netbar_id) where status in (0, 1);
create index fixed_qrcodes_queue on fixed_qrcodes (status, created_at desc, id desc);
create index fixed_qrcodes_store on fixed_qrcodes (netbar_id, id desc);
