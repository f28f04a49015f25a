-- Commission rules of netbar staff (issue 14 item 2; docs/decisions/147-commission-and-performance.md).
-- A rule pays a staff member, by role (staff.position: 店长/收银员/网管/服务员) or in person (a type-5
-- user), either a percentage of a basis (goods sales, table and room bills, leases; rate_bp in basis
-- points: 1% = 100, at most 100% = 10000) or a fixed amount in fen per record (member top-up, new
-- member, seat order delivered), from start_day to end_day (Shanghai days, inclusive; null: open).
create table commission_rules (
  id serial primary key,
  netbar_id integer not null references netbars(id),
  target_type text not null check (target_type in ('role', 'person')),
  role text,
  user_id integer references users(id),
  kind text not null check (kind in ('goods_pct', 'desk_pct', 'lease_pct', 'topup_fixed', 'new_member_fixed', 'seat_delivery_fixed')),
  rate_bp integer not null default 0 check (rate_bp between 0 and 10000),
  amount_fen integer not null default 0 check (amount_fen between 0 and 100000),
  start_day date not null,
  end_day date,
  remark text not null default '',
  updated_by text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((target_type = 'role') = (role is not null and user_id is null)),
  check ((target_type = 'person') = (user_id is not null and role is null)),
  check (kind like '%\_pct' or rate_bp = 0),
  check (kind like '%\_fixed' or amount_fen = 0),
  check (end_day is null or end_day >= start_day)
);
create index commission_rules_store on commission_rules (netbar_id, kind, start_day);

-- No two rules of the same (store, target, kind) overlap in time. An exclusion constraint would need
-- btree_gist, which PGlite does not load by default; instead every insert or update takes the store's
-- transaction-scoped advisory lock and then looks for an overlapping rule. The lock serializes two
-- concurrent writers of one store, and each statement of this volatile function reads a fresh snapshot
-- (READ COMMITTED), so the second writer sees the first one's committed rule and is refused (23P01).
create or replace function commission_rules_no_overlap() returns trigger language plpgsql as $$
begin
  perform pg_advisory_xact_lock(810, new.netbar_id);
  if exists (
    select 1 from commission_rules r
    where r.netbar_id = new.netbar_id and r.kind = new.kind and r.id <> new.id
      and r.target_type = new.target_type
      and r.role is not distinct from new.role and r.user_id is not distinct from new.user_id
      and r.start_day <= coalesce(new.end_day, 'infinity'::date)
      and new.start_day <= coalesce(r.end_day, 'infinity'::date)
  ) then
    raise exception using errcode = '23P01', message = 'commission rule overlaps another rule of the same target and kind';
  end if;
  return new;
end $$;
create trigger commission_rules_no_overlap before insert or update on commission_rules
  for each row execute function commission_rules_no_overlap();
