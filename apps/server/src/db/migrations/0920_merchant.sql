-- Merchant onboarding (issue 16 item 5; docs/decisions/163-merchant-onboarding.md, 164-merchant-number-encryption.md).
-- A netbar owner's merchant at the acquirer: a draft (0 草稿) filled in steps, submitted (1 审核中), reviewed by
-- the payment company: rejected (2 驳回, with the reason) or approved (3 待签约), then opened (4 已开通). A
-- merchant linked from 收钱吧 (import_sqb) starts opened. ID and bank card numbers are AES-256-GCM ciphertext
-- (the key: MERCHANT_FIELD_KEY, or one generated and kept in kv), with their masked text beside them.
create table merchants (
  id serial primary key,
  owner_user_id integer not null references users(id),
  -- the store it was started from
  netbar_id integer not null references netbars(id),
  status smallint not null default 0 check (status between 0 and 4),
  source text not null default 'onboard' check (source in ('onboard', 'sqb')),
  merchant_no text,
  sqb_merchant_no text,
  step smallint not null default 0,
  legal_name text not null default '',
  short_name text not null default '',
  merchant_type smallint check (merchant_type in (1, 2)),
  licence_no text not null default '',
  legal_person text not null default '',
  id_no_enc text,
  id_no_mask text not null default '',
  mobile text not null default '',
  bank_code text not null default '',
  bank_name text not null default '',
  bank_branch text not null default '',
  card_no_enc text,
  card_no_mask text not null default '',
  card_holder text not null default '',
  province text not null default '',
  city text not null default '',
  district text not null default '',
  address text not null default '',
  contact_name text not null default '',
  contact_mobile text not null default '',
  email text not null default '',
  service_phone text not null default '',
  reject_reason text not null default '',
  submitted_at timestamptz,
  reviewed_at timestamptz,
  reviewed_by integer references users(id),
  opened_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (status <> 2 or reject_reason <> ''),
  check ((status in (3, 4)) = (merchant_no is not null))
);
create unique index merchants_no on merchants (merchant_no) where merchant_no is not null;
create unique index merchants_sqb_no on merchants (sqb_merchant_no) where sqb_merchant_no is not null;
create index merchants_owner on merchants (owner_user_id, id desc);
create index merchants_status on merchants (status, updated_at desc);
-- the name check: one live merchant per legal name (drafts do not hold a name)
create unique index merchants_legal_name on merchants (legal_name) where status <> 0 and legal_name <> '';

-- An uploaded document: re-encoded JPEG (EXIF gone) under a random file name outside any served folder.
create table merchant_docs (
  id serial primary key,
  owner_user_id integer not null references users(id),
  merchant_id integer references merchants(id),
  kind text not null check (kind in ('licence', 'id_front', 'id_back', 'storefront', 'cashier')),
  file_name text not null unique,
  bytes integer not null,
  width integer not null,
  height integer not null,
  created_at timestamptz not null default now()
);
create index merchant_docs_owner on merchant_docs (owner_user_id, id desc);
create index merchant_docs_merchant on merchant_docs (merchant_id, kind);

-- The merchant's stores at the acquirer (one merchant, many stores), each bound to at most one netbar.
create table merchant_stores (
  id serial primary key,
  merchant_id integer not null references merchants(id),
  store_no text not null unique,
  store_name text not null,
  netbar_id integer references netbars(id),
  created_at timestamptz not null default now()
);
create unique index merchant_stores_netbar on merchant_stores (netbar_id) where netbar_id is not null;
create index merchant_stores_merchant on merchant_stores (merchant_id, id);
