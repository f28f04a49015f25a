-- 副屏设置 (application secondary_screen 10520, decision 191): one row per store once saved or once its
-- link is made. The slideshow (a short ordered list) and its daily windows are jsonb; the link's token is
-- never stored: it is an HMAC of the store and link_gen, so 重新生成 (link_gen + 1) or 停用 (link_on false)
-- ends every earlier link at once.
create table secondary_screen_settings (
  netbar_id integer primary key references netbars(id),
  slides jsonb not null default '[]'::jsonb,
  start_date date,
  end_date date,
  windows jsonb not null default '[]'::jsonb,
  link_gen integer not null default 0,
  link_on boolean not null default false,
  updated_by text not null default '',
  updated_at timestamptz not null default now()
);
