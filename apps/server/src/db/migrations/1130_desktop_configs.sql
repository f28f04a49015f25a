-- 桌面设置 (application desktop_settings 10503, decision 192): the PC desktop of a store per machine area
-- (area_id 0 = every area) and Beijing time band ('' = all day; [band_start, band_end) within one day).
-- Groups of icons and the login adverts are small ordered lists, kept as jsonb; pictures are content-hash
-- keys of files in UPLOAD_DIR. One all-day row per area; overlapping bands of one area are refused by the
-- service under a lock of the store's rows.
create table desktop_configs (
  id serial primary key,
  netbar_id integer not null references netbars(id),
  area_id integer not null default 0,
  band_start text not null default '',
  band_end text not null default '',
  wallpaper text not null default '',
  groups jsonb not null default '[]'::jsonb,
  ticker text not null default '',
  adverts jsonb not null default '[]'::jsonb,
  updated_by text not null default '',
  updated_at timestamptz not null default now()
);
create index desktop_configs_store on desktop_configs (netbar_id, area_id);
create unique index desktop_configs_all_day on desktop_configs (netbar_id, area_id) where band_start = '';
