-- Refund requests (issue 16 item 5, docs/decisions/172-trade-search-and-refund-requests.md): a store asks
-- for a refund of one of its payments, the payment company approves it (refunded through the provider by
-- the payment service, its request id `rr-<id>`) or rejects it with a reason. One pending request a payment.
create table payment_refund_requests (
  id bigserial primary key,
  payment_id bigint not null references payments(id),
  netbar_id integer not null references netbars(id),
  amount_fen bigint not null check (amount_fen > 0),
  reason text not null,
  status text not null default '待审核' check (status in ('待审核', '已退款', '已驳回')),
  reject_reason text not null default '',
  refund_no text not null default '',
  request_id text not null,
  requested_by integer not null default 0,
  requested_by_name text not null default '',
  -- the approval's request id: a retried approval answers the refund it made
  decided_request_id text not null default '',
  decided_by integer not null default 0,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  check ((status = '待审核') = (decided_at is null))
);
create unique index payment_refund_requests_request on payment_refund_requests (netbar_id, request_id);
create unique index payment_refund_requests_pending on payment_refund_requests (payment_id) where status = '待审核';
create index payment_refund_requests_payment on payment_refund_requests (payment_id, id desc);
create index payment_refund_requests_list on payment_refund_requests (status, created_at desc, id desc);
-- the search: every store's payments by creation time (keyset), and by the acquirer's transaction id
create index payments_created on payments (created_at desc, id desc);
