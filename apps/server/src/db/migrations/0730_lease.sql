-- Equipment leasing (issue 13 item 3; docs/decisions/128-equipment-leasing.md): lease items with a deposit
-- and a price per hour or per use, the item quantity ledger, and lease orders (/order/lease_order_list 263).
-- An item's qty_on_hand (in the store) and qty_out (with customers) are the sums of its ledger, written in
-- the same transaction under the item's row lock; neither can go below zero.

create table lease_items (
  id serial primary key,
  netbar_id integer not null references netbars(id),
  name text not null,
  deposit_fen bigint not null check (deposit_fen >= 0),
  price_fen bigint not null check (price_fen >= 0),
  price_unit text not null check (price_unit in ('hour', 'use')),
  qty_on_hand integer not null default 0 check (qty_on_hand >= 0),
  qty_out integer not null default 0 check (qty_out >= 0),
  enabled boolean not null default true,
  remark text not null default '',
  deleted boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index lease_items_name on lease_items (netbar_id, name) where not deleted;
create index lease_items_store on lease_items (netbar_id, id);

create table lease_orders (
  id bigserial primary key,
  netbar_id integer not null references netbars(id),
  lease_no text not null,
  item_id integer not null references lease_items(id),
  item_name text not null,
  qty integer not null check (qty > 0),
  price_fen bigint not null check (price_fen >= 0),
  price_unit text not null check (price_unit in ('hour', 'use')),
  deposit_fen bigint not null check (deposit_fen >= 0),
  -- how the deposit was paid: 'cash' into the till, 'member' from the member's balance
  pay_method text not null check (pay_method in ('cash', 'member')),
  member_id integer references members(id),
  customer_name text not null default '',
  customer_phone text not null default '',
  -- 'renting' 租用中, 'returned' 已归还, 'lost' 丢失损坏 (已逾期 = renting past expected_return_at)
  status text not null default 'renting' check (status in ('renting', 'returned', 'lost')),
  loss_kind text check (loss_kind in ('lost', 'damaged')),
  rented_at timestamptz not null default now(),
  expected_return_at timestamptz not null,
  closed_at timestamptz,
  minutes integer not null default 0 check (minutes >= 0),
  fee_fen bigint not null default 0 check (fee_fen >= 0),
  refund_fen bigint not null default 0 check (refund_fen >= 0),
  extra_fen bigint not null default 0 check (extra_fen >= 0),
  extra_method text check (extra_method in ('cash', 'member')),
  cashier_id integer not null,
  cashier_name text not null,
  closed_by text not null default '',
  remark text not null default '',
  close_remark text not null default '',
  request_id text not null,
  close_request_id text,
  check ((status = 'renting') = (closed_at is null)),
  check ((status = 'lost') = (loss_kind is not null)),
  check (refund_fen <= deposit_fen),
  -- settled: what was kept from the deposit plus what was collected on top is the fee
  check (status = 'renting' or deposit_fen - refund_fen + extra_fen = fee_fen),
  check (pay_method = 'cash' or member_id is not null)
);
create unique index lease_orders_no on lease_orders (netbar_id, lease_no);
create unique index lease_orders_request on lease_orders (netbar_id, request_id);
create unique index lease_orders_close_request on lease_orders (netbar_id, close_request_id)
  where close_request_id is not null;
create index lease_orders_store on lease_orders (netbar_id, rented_at desc, id desc);
create index lease_orders_open on lease_orders (netbar_id, expected_return_at) where status = 'renting';
create index lease_orders_item on lease_orders (item_id, rented_at desc);
create index lease_orders_member on lease_orders (member_id) where member_id is not null;

create table lease_stock_ledger (
  id bigserial primary key,
  netbar_id integer not null references netbars(id),
  item_id integer not null references lease_items(id),
  -- in 入库, out 报废出库, rent 租出, return 归还, lost 丢失损坏
  kind text not null check (kind in ('in', 'out', 'rent', 'return', 'lost')),
  hand_delta integer not null,
  hand_after integer not null check (hand_after >= 0),
  out_delta integer not null,
  out_after integer not null check (out_after >= 0),
  lease_id bigint references lease_orders(id),
  reason text not null default '',
  user_id integer not null default 0,
  user_name text not null default '',
  request_id text not null,
  at timestamptz not null default now()
);
-- a retried stock movement applies once
create unique index lease_stock_ledger_request on lease_stock_ledger (netbar_id, request_id);
create index lease_stock_ledger_item on lease_stock_ledger (item_id, id desc);
create index lease_stock_ledger_lease on lease_stock_ledger (lease_id) where lease_id is not null;

create trigger lease_stock_ledger_no_change before update or delete on lease_stock_ledger
  for each row execute function ledger_guard();
