-- Goods catalogue, materials, recipes, groups, sales plans, promotions, and stock:
-- levels per item and location (running figure), the ledger they are the sum of, documents and sales.

create table goods_settings (
  netbar_id int primary key references netbars(id),
  negative_policy text not null default 'refuse' check (negative_policy in ('refuse', 'warn'))
);

create table goods_categories (
  id serial primary key,
  netbar_id int not null references netbars(id),
  name text not null,
  sort int not null default 0,
  -- a chain head's category shared with every store of its chain
  shared boolean not null default false,
  chain_id int not null default 0,
  created_at timestamptz not null default now()
);
create unique index goods_categories_name_uq on goods_categories(netbar_id, name);
create index goods_categories_chain on goods_categories(chain_id) where shared;

create table goods_specs (
  id serial primary key,
  netbar_id int not null references netbars(id),
  name text not null,
  spec_values jsonb not null default '[]',
  created_at timestamptz not null default now()
);
create unique index goods_specs_name_uq on goods_specs(netbar_id, name);

create table goods (
  id serial primary key,
  netbar_id int not null references netbars(id),
  category_id int not null references goods_categories(id),
  name text not null,
  unit text not null,
  image_url text not null default '',
  shelf_status smallint not null default 1 check (shelf_status in (1, 2)),
  colour smallint not null default 1 check (colour between 1 and 6),
  track_stock boolean not null default true,
  low_stock int not null default 0 check (low_stock >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index goods_name_uq on goods(netbar_id, name);
create index goods_category on goods(category_id);

create table goods_skus (
  id serial primary key,
  netbar_id int not null references netbars(id),
  goods_id int not null references goods(id) on delete cascade,
  spec text not null default '',
  barcode text not null default '',
  cost_fen int not null check (cost_fen >= 0),
  price_fen int not null check (price_fen >= 0),
  member_price_fen int not null check (member_price_fen >= 0),
  sort int not null default 0
);
create index goods_skus_goods on goods_skus(goods_id);
create index goods_skus_barcode on goods_skus(netbar_id, barcode) where barcode <> '';

create table goods_maters (
  id serial primary key,
  netbar_id int not null references netbars(id),
  name text not null,
  unit text not null,
  barcode text not null default '',
  cost_fen int not null default 0 check (cost_fen >= 0),
  low_stock int not null default 0 check (low_stock >= 0),
  created_at timestamptz not null default now()
);
create unique index goods_maters_name_uq on goods_maters(netbar_id, name);

-- what one sale of the good consumes
create table goods_recipes (
  goods_id int not null references goods(id) on delete cascade,
  mater_id int not null references goods_maters(id),
  qty int not null check (qty > 0),
  primary key (goods_id, mater_id)
);

create table goods_groups (
  id serial primary key,
  netbar_id int not null references netbars(id),
  name text not null,
  price_fen int not null check (price_fen >= 0),
  shelf_status smallint not null default 1 check (shelf_status in (1, 2)),
  created_at timestamptz not null default now()
);
create unique index goods_groups_name_uq on goods_groups(netbar_id, name);
create table goods_group_items (
  group_id int not null references goods_groups(id) on delete cascade,
  sku_id int not null references goods_skus(id),
  qty int not null check (qty > 0),
  primary key (group_id, sku_id)
);

create table goods_sales_plans (
  id serial primary key,
  netbar_id int not null references netbars(id),
  name text not null,
  weekdays jsonb not null,
  start_minute int not null check (start_minute between 0 and 1439),
  end_minute int not null check (end_minute between 1 and 1440),
  action text not null check (action in ('rate', 'unavailable')),
  rate int not null default 100 check (rate between 1 and 100),
  enabled boolean not null default true,
  scope_mode text not null default 'ordinary',
  scope_rule text not null default 'apply',
  goods_ids jsonb not null default '[]',
  category_ids jsonb not null default '[]',
  created_at timestamptz not null default now()
);

create table goods_promotions (
  id serial primary key,
  netbar_id int not null references netbars(id),
  name text not null,
  kind text not null check (kind in ('discount', 'fixed', 'buy_get', 'bundle')),
  start_at timestamp not null,
  end_at timestamp not null,
  rate int not null default 100,
  price_fen int not null default 0 check (price_fen >= 0),
  buy_n int not null default 0,
  get_m int not null default 0,
  bundle_qty int not null default 0,
  enabled boolean not null default true,
  scope_mode text not null default 'ordinary',
  scope_rule text not null default 'apply',
  goods_ids jsonb not null default '[]',
  category_ids jsonb not null default '[]',
  created_at timestamptz not null default now()
);

-- the running figure: always equals the sum of stock_ledger.delta for the same key
create table stock_levels (
  netbar_id int not null references netbars(id),
  item_kind text not null check (item_kind in ('goods', 'mater')),
  item_id int not null,
  location text not null check (location in ('warehouse', 'counter')),
  qty bigint not null default 0,
  -- book value at moving average cost, fen: always the sum of stock_ledger.value_fen for the same key
  value_fen bigint not null default 0,
  last_ledger_id bigint not null default 0,
  primary key (netbar_id, item_kind, item_id, location)
);

create table stock_docs (
  id serial primary key,
  netbar_id int not null references netbars(id),
  doc_no text not null,
  doc_type text not null,
  location text,
  status text not null default 'draft' check (status in ('draft', 'approved', 'posted')),
  remark text not null default '',
  request_id text,
  created_by int not null,
  created_name text not null default '',
  created_at timestamptz not null default now(),
  approved_by int,
  approved_name text not null default '',
  approved_at timestamptz,
  posted_by int,
  posted_name text not null default '',
  posted_at timestamptz
);
create unique index stock_docs_no_uq on stock_docs(netbar_id, doc_no);
create unique index stock_docs_request_uq on stock_docs(netbar_id, request_id) where request_id is not null;
create index stock_docs_type on stock_docs(netbar_id, doc_type, id);

create table stock_doc_lines (
  id serial primary key,
  doc_id int not null references stock_docs(id) on delete cascade,
  item_kind text not null check (item_kind in ('goods', 'mater')),
  item_id int not null,
  qty bigint not null default 0,
  cost_fen int not null default 0,
  -- count sheets: the book figure and the ledger position when the count opened, and the counted figure
  book_qty bigint,
  book_ledger_id bigint,
  counted_qty bigint,
  moved_qty bigint
);
create index stock_doc_lines_doc on stock_doc_lines(doc_id);

create table stock_sales (
  id serial primary key,
  netbar_id int not null references netbars(id),
  request_id text not null,
  sale_no text not null,
  lines jsonb not null,
  user_id int not null,
  created_at timestamptz not null default now()
);
create unique index stock_sales_request_uq on stock_sales(netbar_id, request_id);

create table stock_ledger (
  id bigserial primary key,
  netbar_id int not null references netbars(id),
  item_kind text not null,
  item_id int not null,
  location text not null,
  delta bigint not null,
  qty_before bigint not null,
  qty_after bigint not null,
  cost_fen int not null default 0,
  value_fen bigint not null default 0,
  ref_type text not null,
  doc_id int references stock_docs(id),
  sale_id int references stock_sales(id),
  ref_no text not null default '',
  user_id int,
  user_name text not null default '',
  at timestamptz not null default now()
);
create index stock_ledger_item on stock_ledger(netbar_id, item_kind, item_id, location, id);
create index stock_ledger_at on stock_ledger(netbar_id, at);
