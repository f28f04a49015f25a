-- Payment profit (支付分润, issue 16 item 7, docs/decisions/171-payment-profit.md): an agent earns a share of
-- the fees on its netbars' scan payments, settled once per Beijing day per netbar and method.

-- The administrator's rates per method, in 万分之: fee_rate_bp of the net volume is the fee, share_bp of the
-- fee is the agent's. A settled record keeps the rates it used; a change applies to days settled after it.
create table payment_profit_rates (
  method text primary key check (method in ('wechat', 'alipay', 'aggregate')),
  fee_rate_bp integer not null check (fee_rate_bp between 0 and 1000),
  share_bp integer not null check (share_bp between 0 and 10000),
  updated_by text not null default '',
  updated_at timestamptz
);
insert into payment_profit_rates (method, fee_rate_bp, share_bp) values
  ('wechat', 38, 3000), ('alipay', 38, 3000), ('aggregate', 38, 3000);

-- One row per settled day: the claim that makes a second settlement of the day change nothing.
create table payment_profit_days (
  day date primary key,
  records integer not null default 0,
  net_fen bigint not null default 0,
  profit_fen bigint not null default 0,
  settled_by integer not null default 0,
  settled_at timestamptz not null default now()
);

-- What each settlement took: every paid payment once, every successful refund once (the unique indexes),
-- under the (day, netbar, method) of the record it went into. A refund done after its payment's day was
-- settled is carried into the next settlement (carried = true).
create table payment_profit_items (
  id bigserial primary key,
  day date not null,
  netbar_id integer not null,
  method text not null,
  kind text not null check (kind in ('pay', 'refund')),
  payment_id bigint not null references payments(id),
  refund_id bigint references payment_refunds(id),
  amount_fen bigint not null check (amount_fen > 0),
  carried boolean not null default false,
  check ((kind = 'refund') = (refund_id is not null))
);
create unique index payment_profit_items_pay on payment_profit_items (payment_id) where kind = 'pay';
create unique index payment_profit_items_refund on payment_profit_items (refund_id) where kind = 'refund';
create index payment_profit_items_record on payment_profit_items (day, netbar_id, method, id);

-- The daily records: per (day, netbar, method) the volume, refunds, net, fee and the agent's share.
create table payment_profit_records (
  id bigserial primary key,
  day date not null,
  agent_id integer not null references agents(id),
  netbar_id integer not null references netbars(id),
  method text not null,
  pay_count integer not null,
  pay_fen bigint not null,
  refund_count integer not null,
  refund_fen bigint not null,
  carried_refund_count integer not null,
  carried_refund_fen bigint not null,
  net_fen bigint not null,
  fee_rate_bp integer not null,
  share_bp integer not null,
  fee_fen bigint not null,
  profit_fen bigint not null,
  note text not null default '',
  settled_at timestamptz not null default now(),
  unique (day, netbar_id, method)
);
create index payment_profit_records_agent on payment_profit_records (agent_id, day desc, id desc);
create index payment_profit_records_day on payment_profit_records (day desc, id desc);

-- What the agent's wallet received for a day: the day's profit plus what an earlier negative day left
-- (carry_in_fen ≤ 0); a negative total is carried on, never debited.
create table payment_profit_credits (
  agent_id integer not null references agents(id),
  day date not null,
  profit_fen bigint not null,
  carry_in_fen bigint not null,
  credited_fen bigint not null check (credited_fen >= 0),
  carry_out_fen bigint not null check (carry_out_fen <= 0),
  created_at timestamptz not null default now(),
  primary key (agent_id, day)
);

-- the wallet ledger gets the profit credits as their own kind (分润收入)
alter table wallet_ledger drop constraint if exists wallet_ledger_kind_check;
alter table wallet_ledger add constraint wallet_ledger_kind_check
  check (kind in ('recharge', 'consume', 'adjust_in', 'adjust_out', 'profit'));
-- a refund's settlement looks for refunds done by a day's end
create index if not exists payment_refunds_done on payment_refunds (done_at) where status = '成功';
