-- Scan-to-pay at the counter (issue 16 item 3, decision 169): one row per QR the cashier shows for an
-- order or a member top-up. The payment (payments, purpose order / topup) carries the money; this row
-- remembers what it pays for and who asked, so the settling transaction can finish the order or credit
-- the member as that cashier, into that cashier's shift.
create table counter_scan_pays (
  id bigserial primary key,
  netbar_id integer not null references netbars(id),
  purpose text not null check (purpose in ('order', 'topup')),
  order_id bigint references orders(id),
  member_id integer references members(id),
  amount_fen bigint not null check (amount_fen > 0),
  pay_type text not null,
  payment_no text not null unique,
  status text not null default 'waiting' check (status in ('waiting', 'paid', 'cancelled')),
  cashier_id integer not null,
  cashier_name text not null,
  remark text not null default '',
  request_id text not null,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  check ((purpose = 'order') = (order_id is not null)),
  check ((purpose = 'topup') = (member_id is not null))
);
create unique index counter_scan_pays_request_uq on counter_scan_pays (netbar_id, request_id);
create index counter_scan_pays_order on counter_scan_pays (order_id) where order_id is not null;
