-- Venue (issue 12): areas of a store, its machines, the seat map (a versioned layout per area),
-- the public seat-map link and seat reservations.

create table venue_areas (
  id serial primary key,
  netbar_id int not null references netbars(id),
  name text not null,
  colour text not null default '#1677FF',
  sort int not null default 0,
  created_at timestamptz not null default now()
);
create unique index venue_areas_name_uq on venue_areas(netbar_id, name);

create table machines (
  id serial primary key,
  netbar_id int not null references netbars(id),
  area_id int not null references venue_areas(id),
  name text not null,
  ip text not null default '',
  mac text not null default '',
  hardware_note text not null default '',
  state text not null default '空闲'
    check (state in ('空闲', '上机中', '离线', '预订', '故障', '停用')),
  state_at timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index machines_name_uq on machines(netbar_id, name);
create unique index machines_ip_uq on machines(netbar_id, ip) where ip <> '';
create unique index machines_mac_uq on machines(netbar_id, mac) where mac <> '';
create index machines_area on machines(area_id);

-- Each save of an area's map is a new version (docs/decisions/100); the unique index is the optimistic
-- check: two editors saving over the same version cannot both win.
create table seat_layouts (
  id serial primary key,
  netbar_id int not null references netbars(id),
  area_id int not null references venue_areas(id) on delete cascade,
  version int not null check (version >= 1),
  cols int not null check (cols between 4 and 40),
  rows int not null check (rows between 4 and 40),
  cells jsonb not null default '[]',
  saved_by text not null default '',
  created_at timestamptz not null default now()
);
create unique index seat_layouts_version_uq on seat_layouts(area_id, version);
create index seat_layouts_store on seat_layouts(netbar_id, area_id, version desc);

-- The per-store public link (docs/decisions/101): an unguessable token, never the netbar id.
create table seat_links (
  netbar_id int primary key references netbars(id),
  token text not null,
  hold_minutes int not null default 15 check (hold_minutes between 5 and 120),
  enabled boolean not null default true,
  updated_at timestamptz not null default now()
);
create unique index seat_links_token_uq on seat_links(token);

-- Reservations (docs/decisions/102): one holding reservation per machine, enforced by the index.
create table seat_reservations (
  id serial primary key,
  netbar_id int not null references netbars(id),
  machine_id int not null references machines(id),
  code text not null,
  name text not null default '',
  mobile text not null,
  source text not null check (source in ('public', 'staff')),
  status text not null default 'holding' check (status in ('holding', 'used', 'cancelled', 'expired')),
  expires_at timestamptz not null,
  created_by text not null default '',
  created_at timestamptz not null default now(),
  ended_at timestamptz
);
create unique index seat_reservations_machine_uq on seat_reservations(machine_id) where status = 'holding';
create unique index seat_reservations_code_uq on seat_reservations(netbar_id, code) where status = 'holding';
create unique index seat_reservations_mobile_uq on seat_reservations(netbar_id, mobile) where status = 'holding';
create index seat_reservations_due on seat_reservations(expires_at) where status = 'holding';
create index seat_reservations_store on seat_reservations(netbar_id, id desc);
