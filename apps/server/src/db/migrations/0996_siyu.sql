-- 私域运营 (issue 17 part 5, decision 179): the store's WeChat group, official-account and staff contact
-- codes (an uploaded picture each, with a welcome text), shown on receipts and the PC client; scans are
-- counted per code per Shanghai day through the public link /s/<token>.
create table siyu_codes (
  id serial primary key,
  netbar_id integer not null references netbars(id),
  kind text not null check (kind in ('group', 'official', 'staff')),
  name text not null check (length(name) between 1 and 30),
  welcome text not null default '',
  image text not null,
  token text not null unique,
  status smallint not null default 1,
  created_at timestamptz not null default now()
);
create index siyu_codes_store on siyu_codes (netbar_id, id);

create table siyu_scans (
  code_id integer not null references siyu_codes(id),
  day date not null,
  scans integer not null default 0,
  primary key (code_id, day)
);
