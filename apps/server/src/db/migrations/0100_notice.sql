-- Message centre: notices an administrator publishes to chosen user types, with per-user read state.
create table notices (
  id serial primary key,
  title text not null,
  content text not null,
  user_types smallint[] not null,
  status text not null default 'draft' check (status in ('draft', 'published', 'withdrawn')),
  publish_time timestamptz,
  created_by int references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index notices_published on notices(status, publish_time desc);

create table notice_reads (
  notice_id int not null references notices(id) on delete cascade,
  user_id int not null references users(id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (notice_id, user_id)
);
