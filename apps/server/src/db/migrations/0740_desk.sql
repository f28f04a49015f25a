-- Private rooms and tables (包间 / 桌台; issue 13 item 4; docs/decisions/130-desk-sessions.md): the
-- store's desks, bookings by time slot, and desk sessions (a table opened at the counter, goods ordered
-- to it as orders of the orders module, settled at the end: the table orders of /order/desk_order_list).

create table desks (
  id serial primary key,
  netbar_id integer not null references netbars(id),
  name text not null,
  kind text not null check (kind in ('room', 'table')),
  area text not null default '',
  capacity integer not null check (capacity between 1 and 100),
  hourly_fen integer not null default 0 check (hourly_fen >= 0),
  min_spend_fen integer not null default 0 check (min_spend_fen >= 0),
  enabled boolean not null default true,
  remark text not null default '',
  -- a desk with bookings or sessions is never deleted, only hidden (its table orders keep their desk)
  deleted boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (hourly_fen > 0 or min_spend_fen > 0)
);
create unique index desks_name_uq on desks (netbar_id, name) where not deleted;
create index desks_store on desks (netbar_id, id);

-- No double booking: a new booking locks its desk row (for update) and looks for an overlapping
-- 'booked' booking of the desk before inserting, so two bookings of one slot are serialized (no
-- exclusion constraint: btree_gist is not available everywhere).
create table desk_bookings (
  id bigserial primary key,
  netbar_id integer not null references netbars(id),
  desk_id integer not null references desks(id),
  member_id integer,
  member_name text not null default '',
  customer_name text not null default '',
  mobile text not null default '',
  start_at timestamptz not null,
  end_at timestamptz not null,
  status text not null default 'booked' check (status in ('booked', 'seated', 'cancelled', 'no_show')),
  remark text not null default '',
  cancel_reason text not null default '',
  created_by text not null default '',
  created_at timestamptz not null default now(),
  ended_at timestamptz,
  request_id text not null,
  check (end_at > start_at)
);
create unique index desk_bookings_request on desk_bookings (netbar_id, request_id);
create index desk_bookings_desk on desk_bookings (desk_id, start_at) where status = 'booked';
create index desk_bookings_store on desk_bookings (netbar_id, start_at desc, id desc);

create table desk_sessions (
  id bigserial primary key,
  netbar_id integer not null references netbars(id),
  session_no text not null,
  desk_id integer not null references desks(id),
  booking_id bigint references desk_bookings(id),
  member_id integer,
  member_name text not null default '',
  customer_name text not null default '',
  mobile text not null default '',
  guests integer not null default 1 check (guests between 1 and 100),
  status text not null default 'open' check (status in ('open', 'settled', 'cancelled')),
  -- the desk's prices when it was opened: a later edit of the desk does not change a running bill
  hourly_fen integer not null,
  min_spend_fen integer not null,
  opened_at timestamptz not null default now(),
  opened_by_id integer not null,
  opened_by text not null,
  closed_at timestamptz,
  -- the cashier responsible: who opened it, then who settled or cancelled it
  cashier_id integer not null,
  cashier_name text not null,
  minutes integer not null default 0 check (minutes >= 0),
  time_fee_fen bigint not null default 0 check (time_fee_fen >= 0),
  min_topup_fen bigint not null default 0 check (min_topup_fen >= 0),
  goods_fen bigint not null default 0 check (goods_fen >= 0),
  total_fen bigint not null default 0 check (total_fen >= 0),
  pay_method text not null default '',
  shift_id bigint references shifts(id),
  remark text not null default '',
  cancel_reason text not null default '',
  request_id text not null,
  settle_request_id text,
  check ((status = 'open') = (closed_at is null)),
  check (total_fen = time_fee_fen + min_topup_fen + goods_fen)
);
create unique index desk_sessions_no on desk_sessions (netbar_id, session_no);
create unique index desk_sessions_request on desk_sessions (netbar_id, request_id);
create unique index desk_sessions_settle on desk_sessions (netbar_id, settle_request_id) where settle_request_id is not null;
-- a desk has one open session at a time
create unique index desk_sessions_open on desk_sessions (desk_id) where status = 'open';
create unique index desk_sessions_booking on desk_sessions (booking_id) where booking_id is not null;
create index desk_sessions_store on desk_sessions (netbar_id, opened_at desc, id desc);

-- the goods orders (orders module, source 'table') of a session, settled with it
create table desk_session_orders (
  session_id bigint not null references desk_sessions(id),
  order_id bigint not null,
  netbar_id integer not null references netbars(id),
  created_at timestamptz not null default now(),
  primary key (session_id, order_id)
);
create unique index desk_session_orders_order on desk_session_orders (order_id);
