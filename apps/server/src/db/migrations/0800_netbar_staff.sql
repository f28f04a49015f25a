-- Netbar staff (issue 14 item 1; docs/decisions/145-netbar-staff-roles-and-stores.md).
-- The stores a netbar staff member (type 5) works in, their home store included
-- (staff.netbar_id, where they land at login): the store switch and the per-call store check accept
-- these only. Another store's data stays refused.
create table netbar_staff_stores (
  user_id integer not null references users(id) on delete cascade,
  netbar_id integer not null references netbars(id),
  created_at timestamptz not null default now(),
  primary key (user_id, netbar_id)
);
create index netbar_staff_stores_netbar on netbar_staff_stores (netbar_id);

-- Set when an owner resets a staff password: the login refuses until the staff member sets their own.
alter table users add column must_change_password boolean not null default false;
