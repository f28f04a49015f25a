-- 从旧系统导入 (issue 19 items 3 and 5, docs/decisions/194-legacy-import.md): one row per import started
-- from the import dialog (members, goods or online collection of one source store into the caller's store).
-- total/com/member/right_count/failed are the dialog's progress (schedule); one running import per store.
create table legacy_import_jobs (
  id bigserial primary key,
  netbar_id integer not null references netbars(id),
  product integer not null,
  source_store integer not null,
  kind text not null check (kind in ('member', 'goods', 'collection')),
  status text not null default 'running' check (status in ('running', 'done', 'failed')),
  total integer not null default 0,
  com integer not null default 0,
  member integer not null default 0,
  right_count integer not null default 0,
  failed integer not null default 0,
  file_job_id bigint,
  error text not null default '',
  user_id integer not null default 0,
  user_name text not null default '',
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index legacy_import_jobs_store on legacy_import_jobs (netbar_id, id desc);
create unique index legacy_import_jobs_running on legacy_import_jobs (netbar_id) where status = 'running';

-- 历史导入 online-collection records: read-only history of the old product (never in payments, so no refund,
-- settlement or profit touches them); a record is kept once per store, product and trade number.
create table imported_collections (
  id bigserial primary key,
  netbar_id integer not null references netbars(id),
  product integer not null,
  source_store integer not null,
  trade_no text not null,
  paid_at timestamptz not null,
  amount_fen bigint not null check (amount_fen > 0),
  method text not null default '',
  payer text not null default '',
  job_id bigint not null,
  created_at timestamptz not null default now()
);
create unique index imported_collections_trade on imported_collections (netbar_id, product, trade_no);
create index imported_collections_paid on imported_collections (netbar_id, paid_at desc);
