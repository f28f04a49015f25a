-- Orders (issue 13 item 2; docs/decisions/123-order-model.md): one order model for the 收银台, seat orders
-- from a PC, table orders and the mini-program; its lines, payments, refunds and timeline. Money is fen.
-- For every order: paid_fen = sum of its payments, refunded_fen = sum of its refunds ≤ paid_fen, and
-- once paid, paid_fen = total_fen.

create table orders (
  id bigserial primary key,
  netbar_id integer not null references netbars(id),
  order_no text not null,
  source text not null default 'counter' check (source in ('counter', 'seat', 'table', 'mini')),
  status text not null default 'unpaid'
    check (status in ('unpaid', 'paid', 'preparing', 'delivered', 'done', 'cancelled', 'part_refunded', 'refunded')),
  -- the shift currently responsible (the cashier's open shift; handover may carry it to the next one)
  shift_id bigint references shifts(id),
  cashier_id integer not null,
  cashier_name text not null default '',
  member_id integer references members(id),
  machine_id integer,
  desk_id integer,
  -- sum of the lines at the store's price (plans, member price) before promotions and edits
  list_fen bigint not null default 0 check (list_fen >= 0),
  -- list_fen - total_fen: promotions and edited prices
  discount_fen bigint not null default 0,
  total_fen bigint not null check (total_fen >= 0),
  paid_fen bigint not null default 0 check (paid_fen >= 0),
  refunded_fen bigint not null default 0 check (refunded_fen >= 0),
  -- the stock sale (stock_sales) that took the goods off the counter when the order was paid
  stock_sale_id integer references stock_sales(id),
  remark text not null default '',
  request_id text not null,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  done_at timestamptz,
  cancelled_at timestamptz,
  updated_at timestamptz not null default now(),
  check (paid_fen <= total_fen),
  check (refunded_fen <= paid_fen),
  check ((status = 'unpaid' or status = 'cancelled') = (paid_at is null)),
  check (status <> 'cancelled' or cancelled_at is not null)
);
create unique index orders_no on orders (netbar_id, order_no);
create unique index orders_request on orders (netbar_id, request_id);
-- the lists (keyset: created_at desc, id desc), by store and by store + status / source / member / cashier
create index orders_store on orders (netbar_id, created_at desc, id desc);
create index orders_store_status on orders (netbar_id, status, created_at desc, id desc);
create index orders_store_source on orders (netbar_id, source, created_at desc, id desc);
create index orders_member on orders (netbar_id, member_id, created_at desc, id desc) where member_id is not null;
create index orders_cashier on orders (netbar_id, cashier_id, created_at desc, id desc);
-- handover: the shift's orders still unpaid or in preparation
create index orders_shift on orders (shift_id, status) where shift_id is not null;

create table order_lines (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  netbar_id integer not null references netbars(id),
  sku_id integer not null references goods_skus(id),
  goods_id integer not null,
  -- name and spec when sold
  name text not null,
  qty integer not null check (qty > 0),
  -- unit price at the store's price (sales plan, member price) before promotions and edits
  list_fen bigint not null check (list_fen >= 0),
  -- the unit price charged before promotions (the edited price when edited)
  unit_fen bigint not null check (unit_fen >= 0),
  -- what the line costs the customer (promotions included)
  total_fen bigint not null check (total_fen >= 0),
  -- unit cost when sold (the SKU's cost price)
  cost_fen bigint not null default 0 check (cost_fen >= 0),
  edited boolean not null default false,
  promotion_ids jsonb not null default '[]'::jsonb,
  refunded_qty integer not null default 0,
  refunded_fen bigint not null default 0,
  check (refunded_qty >= 0 and refunded_qty <= qty),
  check (refunded_fen >= 0 and refunded_fen <= total_fen)
);
create index order_lines_order on order_lines (order_id, id);
-- the lists' goods filter
create index order_lines_sku on order_lines (netbar_id, sku_id, order_id);

create table order_payments (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  netbar_id integer not null references netbars(id),
  method text not null check (method in ('cash', 'member', 'scan')),
  amount_fen bigint not null check (amount_fen > 0),
  -- cash: what was handed over; change_fen = tendered_fen - amount_fen (never a till row)
  tendered_fen bigint not null,
  change_fen bigint not null default 0 check (change_fen >= 0),
  refunded_fen bigint not null default 0,
  shift_id bigint references shifts(id),
  member_ledger_id bigint,
  -- the scan-code payment's reference at the acquirer
  pay_ref text not null default '',
  request_id text not null,
  seq smallint not null default 1,
  at timestamptz not null default now(),
  check (tendered_fen = amount_fen + change_fen),
  check (refunded_fen >= 0 and refunded_fen <= amount_fen)
);
create unique index order_payments_request on order_payments (netbar_id, request_id, seq);
create index order_payments_order on order_payments (order_id, id);

create table order_refunds (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  netbar_id integer not null references netbars(id),
  refund_no text not null,
  amount_fen bigint not null check (amount_fen > 0),
  reason text not null,
  -- [{method, amount_fen}]: where the money went back
  methods jsonb not null default '[]'::jsonb,
  shift_id bigint references shifts(id),
  stock_refund_id integer,
  user_id integer not null,
  user_name text not null default '',
  request_id text not null,
  at timestamptz not null default now()
);
create unique index order_refunds_request on order_refunds (netbar_id, request_id);
create unique index order_refunds_no on order_refunds (netbar_id, refund_no);
create index order_refunds_order on order_refunds (order_id, id);

create table order_refund_lines (
  refund_id bigint not null references order_refunds(id),
  line_id bigint not null references order_lines(id),
  qty integer not null check (qty > 0),
  amount_fen bigint not null check (amount_fen >= 0),
  primary key (refund_id, line_id)
);

-- the timeline of an order: append-only
create table order_events (
  id bigserial primary key,
  order_id bigint not null references orders(id),
  netbar_id integer not null references netbars(id),
  kind text not null,
  text text not null default '',
  user_id integer not null default 0,
  user_name text not null default '',
  at timestamptz not null default now()
);
create index order_events_order on order_events (order_id, id);

create trigger order_events_no_change before update or delete on order_events
  for each row execute function ledger_guard();
create trigger order_refunds_no_change before update or delete on order_refunds
  for each row execute function ledger_guard();

-- Goods back to the counter from a refunded order (stockSaleRefund, decision 044): one row per request,
-- the lines [{sku_id, qty}] it returned; its ledger rows carry ref_type 'sale_refund' and its refund_no.
create table stock_sale_refunds (
  id serial primary key,
  netbar_id integer not null references netbars(id),
  sale_id integer not null references stock_sales(id),
  request_id text not null,
  refund_no text not null,
  lines jsonb not null,
  user_id integer not null,
  created_at timestamptz not null default now()
);
create unique index stock_sale_refunds_request on stock_sale_refunds (netbar_id, request_id);
create index stock_sale_refunds_sale on stock_sale_refunds (sale_id);

-- a goods return counts in the report's 销售 figure (as a negative sale), like the sale it reverses
create or replace function stock_bucket(ref_type text) returns text language sql immutable as $$
  select case
    when ref_type in ('goods_in', 'mater_in') then 'in'
    when ref_type in ('goods_out', 'mater_out') then 'out'
    when ref_type in ('goods_bar_in', 'goods_bar_out', 'mater_bar_in', 'mater_bar_out') then 'transfer'
    when ref_type in ('sale', 'sale_refund') then 'sale'
    when ref_type in ('goods_loss', 'mater_loss') then 'loss'
    when ref_type = 'check' then 'check'
    else 'other' end
$$;
