-- 语音播报设置 (application broadcast_settings 10504, decision 189): one row per store once saved (absent =
-- the defaults). The five events' switches and templates are a small fixed list, kept as jsonb.
create table broadcast_settings (
  netbar_id integer primary key references netbars(id),
  events jsonb not null default '[]'::jsonb,
  voice text not null default '',
  rate_x10 smallint not null default 10,
  volume smallint not null default 100,
  repeat_count smallint not null default 1,
  quiet_enabled boolean not null default false,
  quiet_start text not null default '23:00',
  quiet_end text not null default '08:00',
  updated_by text not null default '',
  updated_at timestamptz not null default now()
);
