-- Payments (issue 16 item 1; docs/decisions/160-payment-providers.md and 161-payment-notifications.md).
-- A payment is one attempt to collect money through an acquirer for a purpose (an order, a member
-- top-up, a payment link, an agent's wallet, a plain counter collection). Amounts are integer fen.
create table payments (
  id bigserial primary key,
  payment_no text not null unique,
  netbar_id integer not null references netbars(id),
  purpose text not null check (purpose in ('order', 'topup', 'paylink', 'wallet', 'counter')),
  purpose_ref text not null,
  subject text not null default '',
  amount_fen bigint not null check (amount_fen > 0),
  -- what refunds have taken (reserved before the acquirer is asked, given back when it refuses)
  refunded_fen bigint not null default 0,
  method text not null check (method in ('wechat', 'alipay', 'aggregate')),
  provider text not null,
  status text not null default '待支付' check (status in ('待支付', '已支付', '已关闭', '已退款', '部分退款')),
  -- the acquirer's transaction: a payment is settled by one transaction, a transaction settles one payment
  provider_txn_id text unique,
  qr_payload text not null default '',
  cashier_url text not null default '',
  -- a second successful payment of a purpose already paid: refunded automatically (decision 161)
  duplicate boolean not null default false,
  paid_at timestamptz,
  closed_at timestamptz,
  expires_at timestamptz not null,
  request_id text not null,
  created_by integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (refunded_fen >= 0 and refunded_fen <= amount_fen),
  check ((status in ('已支付', '已退款', '部分退款')) = (provider_txn_id is not null and paid_at is not null))
);
-- a retried creation finds its first payment
create unique index payments_request on payments (netbar_id, request_id);
-- one purpose is settled by one payment; the others that were paid too are duplicates (refunded)
create unique index payments_purpose_settled on payments (purpose, purpose_ref)
  where paid_at is not null and not duplicate;
create index payments_store on payments (netbar_id, created_at desc, id desc);
create index payments_pending on payments (expires_at) where status = '待支付';
create index payments_purpose on payments (purpose, purpose_ref);

-- Every notification received, verified or refused, with the reason (never deleted by the app).
create table payment_notifications (
  id bigserial primary key,
  provider text not null,
  payment_no text,
  provider_txn_id text,
  nonce text not null default '',
  sent_at timestamptz,
  amount_fen bigint,
  verified boolean not null,
  -- settled, repeated (already settled by this transaction), duplicate (second payment of a purpose), refused
  outcome text not null check (outcome in ('settled', 'repeated', 'duplicate', 'refused')),
  reason text not null default '',
  body text not null default '',
  ip text not null default '',
  received_at timestamptz not null default now()
);
create index payment_notifications_payment on payment_notifications (payment_no, id);
create index payment_notifications_at on payment_notifications (received_at desc, id desc);

-- Nonces of accepted notifications: a second use is a replay. Written in the settling transaction.
create table payment_notify_nonces (
  provider text not null,
  nonce text not null,
  seen_at timestamptz not null default now(),
  primary key (provider, nonce)
);

-- Refunds: their sum never exceeds what was paid (payments.refunded_fen is the running figure, checked).
create table payment_refunds (
  id bigserial primary key,
  payment_id bigint not null references payments(id),
  netbar_id integer not null references netbars(id),
  refund_no text not null unique,
  amount_fen bigint not null check (amount_fen > 0),
  status text not null default '处理中' check (status in ('处理中', '成功', '失败')),
  provider_refund_id text,
  reason text not null default '',
  automatic boolean not null default false,
  request_id text not null,
  created_by integer not null default 0,
  created_at timestamptz not null default now(),
  done_at timestamptz
);
create unique index payment_refunds_request on payment_refunds (payment_id, request_id);
create index payment_refunds_store on payment_refunds (netbar_id, created_at desc);

-- Which acquirer serves a store's method; no row: the configured default (PAYMENT_PROVIDER, sandbox).
create table payment_provider_choice (
  netbar_id integer not null references netbars(id),
  method text not null check (method in ('wechat', 'alipay', 'aggregate')),
  provider text not null,
  updated_at timestamptz not null default now(),
  primary key (netbar_id, method)
);

-- The built-in sandbox acquirer's own books (what a real acquirer keeps on its side).
create table sandbox_txns (
  id bigserial primary key,
  txn_id text not null unique,
  out_trade_no text not null unique,
  netbar_id integer not null,
  amount_fen bigint not null check (amount_fen > 0),
  subject text not null default '',
  state text not null default 'NOTPAY' check (state in ('NOTPAY', 'SUCCESS', 'CLOSED')),
  refunded_fen bigint not null default 0 check (refunded_fen >= 0 and refunded_fen <= amount_fen),
  notify_url text not null,
  expires_at timestamptz not null,
  paid_at timestamptz,
  created_at timestamptz not null default now()
);
create index sandbox_txns_paid on sandbox_txns (paid_at) where paid_at is not null;

create table sandbox_refunds (
  id bigserial primary key,
  refund_id text not null unique,
  out_refund_no text not null unique,
  txn_id text not null references sandbox_txns(txn_id),
  amount_fen bigint not null check (amount_fen > 0),
  created_at timestamptz not null default now()
);
create index sandbox_refunds_at on sandbox_refunds (created_at);

-- The sandbox's outgoing notifications: sent until acknowledged, with backoff; a restart resumes them.
create table sandbox_notify_queue (
  id bigserial primary key,
  txn_id text not null references sandbox_txns(txn_id),
  notify_url text not null,
  attempts integer not null default 0,
  next_at timestamptz not null default now(),
  acked_at timestamptz,
  gave_up_at timestamptz,
  last_answer text not null default '',
  created_at timestamptz not null default now()
);
create index sandbox_notify_due on sandbox_notify_queue (next_at, id) where acked_at is null and gave_up_at is null;
