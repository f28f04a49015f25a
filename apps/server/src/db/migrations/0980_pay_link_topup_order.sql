-- Payment links for a member top-up and for an order (issue 16 item 4, decision 176).
-- A top-up link may name its member (card no or mobile at creation); an order link names its unpaid order.
alter table pay_links add column member_id integer references members(id);
alter table pay_links add column order_id bigint references orders(id);
create index pay_links_order on pay_links (order_id) where order_id is not null;

-- Who a payment of a top-up link is for, written when the payer starts it (an open link: the card no the
-- payer entered), read once when the payment settles.
create table pay_link_intents (
  payment_no text primary key,
  link_id integer not null references pay_links(id),
  member_id integer not null references members(id),
  created_at timestamptz not null default now()
);
create index pay_link_intents_link on pay_link_intents (link_id);
