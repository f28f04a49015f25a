-- 数据导入 from a file (issue 19 item 4, docs/decisions/190-file-import.md): one row per uploaded file.
-- The commit writes batches; each batch's transaction also moves batches_done and the done_* figures,
-- so a crash resumes after the last committed batch. One running import per member pool.
create table file_import_jobs (
  id bigserial primary key,
  netbar_id integer not null references netbars(id),
  pool_id integer not null,
  kind text not null check (kind in ('member', 'goods')),
  preset text not null default 'generic',
  filename text not null default '',
  file_path text not null,
  size bigint not null default 0,
  format text not null check (format in ('xlsx', 'csv')),
  encoding text not null default 'utf8',
  headers jsonb not null default '[]',
  mapping jsonb not null default '{}',
  status text not null default 'uploaded'
    check (status in ('uploaded', 'checking', 'checked', 'running', 'interrupted', 'done', 'failed')),
  check_tally jsonb,
  problems jsonb not null default '[]',
  batch_size integer not null default 1000,
  batches_done integer not null default 0,
  done_rows integer not null default 0,
  done_create integer not null default 0,
  done_update integer not null default 0,
  done_skip integer not null default 0,
  done_principal_fen bigint not null default 0,
  done_bonus_fen bigint not null default 0,
  done_points bigint not null default 0,
  error text not null default '',
  user_id integer not null default 0,
  user_name text not null default '',
  created_at timestamptz not null default now(),
  heartbeat_at timestamptz,
  finished_at timestamptz
);
create index file_import_jobs_store on file_import_jobs (netbar_id, id desc);
-- a second import into the same members or goods while one runs is refused on this index
create unique index file_import_jobs_running on file_import_jobs (pool_id, kind) where status = 'running';
