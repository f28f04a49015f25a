-- Netbar staff roles with a history (docs/decisions/149-staff-role-history.md). Commission by role
-- (decision 147) prices each record with the role in force on the record's Shanghai day, so a role
-- change does not re-price periods before it. A row says: from this day on, this staff member holds
-- this role (until the next row). The first row is the role they were created with, from the day of
-- their staff row; days before it take the first role too.
create table netbar_staff_positions (
  user_id integer not null references users(id) on delete cascade,
  from_day date not null,
  position text not null,
  created_at timestamptz not null default now(),
  primary key (user_id, from_day)
);

-- The staff of today: their current role since the day they were created.
insert into netbar_staff_positions (user_id, from_day, position)
  select user_id, (created_at at time zone 'Asia/Shanghai')::date, position from staff where netbar_id is not null;

-- Written by the database in the transaction that writes the staff row, whoever writes it (the staff
-- list, the demo, a test): a new netbar staff row from its created day; a role change from today
-- (Shanghai), replacing an earlier change of the same day. Agent staff (agent_id set) have no roles.
create or replace function netbar_staff_position_log() returns trigger language plpgsql as $$
begin
  insert into netbar_staff_positions (user_id, from_day, position)
  values (
    new.user_id,
    case when tg_op = 'INSERT' then (new.created_at at time zone 'Asia/Shanghai')::date
         else (now() at time zone 'Asia/Shanghai')::date end,
    new.position)
  on conflict (user_id, from_day) do update set position = excluded.position, created_at = now();
  return null;
end $$;

create trigger staff_position_created after insert on staff
  for each row when (new.netbar_id is not null) execute function netbar_staff_position_log();
create trigger staff_position_changed after update of position on staff
  for each row when (new.netbar_id is not null and old.position is distinct from new.position)
  execute function netbar_staff_position_log();
