-- Daily rollups of the operating reports (issue 15; docs/decisions/152-report-rollups.md).
-- Raw records stay the truth. An AFTER trigger on each raw table marks (store, business day) dirty in the
-- writer's own transaction; report_recompute(store, day) rebuilds that store-day of every rollup table from
-- the raw records (delete + insert: running it twice changes nothing) and clears the mark. A job drains the
-- marks; a report first recomputes the dirty days of its range, so what it reads equals the raw records.

create table report_dirty (
  netbar_id integer not null,
  day date not null,
  marked_at timestamptz not null default now(),
  primary key (netbar_id, day)
);
create index report_dirty_marked on report_dirty (marked_at);

-- one row per store and business day
create table report_store_day (
  netbar_id integer not null,
  day date not null,
  -- revenue by source: online fees (balance spent on sessions), goods (paid orders), table/room fees
  -- (till 'desk'), leases (fees of leases closed that day)
  online_fen bigint not null default 0,
  goods_fen bigint not null default 0,
  desk_fen bigint not null default 0,
  lease_fen bigint not null default 0,
  orders integer not null default 0,
  -- top-ups: 本金 in and 奖励 issued with them
  topup_fen bigint not null default 0,
  bonus_fen bigint not null default 0,
  topups integer not null default 0,
  -- order refunds made that day
  refund_fen bigint not null default 0,
  -- till movements of the day by method, petty cash left out
  cash_fen bigint not null default 0,
  scan_fen bigint not null default 0,
  member_fen bigint not null default 0,
  sessions integer not null default 0,
  session_minutes bigint not null default 0,
  new_members integer not null default 0,
  returning_members integer not null default 0,
  primary key (netbar_id, day)
);

-- goods sold: by the business day the order was paid, net of later refunds through refunded_*
create table report_goods_day (
  netbar_id integer not null,
  day date not null,
  goods_id integer not null,
  -- 0 for a single good, else the goods group sold as one line
  group_id integer not null default 0,
  -- the order's source: counter, seat, table, mini
  source text not null,
  qty bigint not null default 0,
  refunded_qty bigint not null default 0,
  revenue_fen bigint not null default 0,
  refunded_fen bigint not null default 0,
  -- qty × the unit cost recorded on the line when sold
  cost_fen bigint not null default 0,
  primary key (netbar_id, day, goods_id, group_id, source)
);
create index report_goods_day_store on report_goods_day (netbar_id, day);

-- sessions by area: started that day (count, billed minutes) and online fees charged that day
create table report_area_day (
  netbar_id integer not null,
  day date not null,
  area_id integer not null,
  sessions integer not null default 0,
  minutes bigint not null default 0,
  fee_fen bigint not null default 0,
  primary key (netbar_id, day, area_id)
);

-- till movements by method and kind
create table report_pay_day (
  netbar_id integer not null,
  day date not null,
  method text not null,
  kind text not null,
  amount_fen bigint not null default 0,
  moves integer not null default 0,
  primary key (netbar_id, day, method, kind)
);

-- the raw records by store and time, for the recompute
create index if not exists orders_store_paid on orders (netbar_id, paid_at) where paid_at is not null;
create index if not exists order_refunds_store_at on order_refunds (netbar_id, at);
create index if not exists member_ledger_store_at on member_ledger (netbar_id, at);
create index if not exists lease_orders_store_closed on lease_orders (netbar_id, closed_at) where closed_at is not null;
create index if not exists members_store_created on members (netbar_id, created_at);

create or replace function report_mark(nid integer, at timestamptz) returns void language sql as $$
  insert into report_dirty (netbar_id, day) select nid, business_day(at, report_day_start(nid))
    where at is not null and nid is not null
  on conflict do nothing
$$;

-- AFTER trigger: marks the day of each timestamp column named in the arguments, old and new values
create or replace function report_mark_row() returns trigger language plpgsql as $$
declare
  col text;
  n jsonb := case when tg_op = 'DELETE' then null else to_jsonb(new) end;
  o jsonb := case when tg_op = 'INSERT' then null else to_jsonb(old) end;
begin
  foreach col in array tg_argv loop
    if n is not null then perform report_mark((n->>'netbar_id')::integer, (n->>col)::timestamptz); end if;
    if o is not null and (n is null or (o->>col) is distinct from (n->>col)) then
      perform report_mark((o->>'netbar_id')::integer, (o->>col)::timestamptz);
    end if;
  end loop;
  return null;
end
$$;

create trigger orders_report after insert or update or delete on orders
  for each row execute function report_mark_row('paid_at');
create trigger order_refunds_report after insert on order_refunds
  for each row execute function report_mark_row('at');
create trigger member_ledger_report after insert on member_ledger
  for each row execute function report_mark_row('at');
create trigger till_ledger_report after insert on till_ledger
  for each row execute function report_mark_row('at');
create trigger online_sessions_report after insert or update or delete on online_sessions
  for each row execute function report_mark_row('started_at');
create trigger lease_orders_report after insert or update or delete on lease_orders
  for each row execute function report_mark_row('closed_at');
create trigger members_report after insert or update of created_at, netbar_id or delete on members
  for each row execute function report_mark_row('created_at');

-- Rebuilds one store-day of every rollup table from the raw records and clears its dirty mark.
create or replace function report_recompute(p_nid integer, p_day date) returns void language plpgsql as $$
declare
  v_lo timestamptz := business_day_start(p_day, report_day_start(p_nid));
  v_hi timestamptz := business_day_start(p_day + 1, report_day_start(p_nid));
begin
  delete from report_dirty where netbar_id = p_nid and day = p_day;
  delete from report_goods_day where netbar_id = p_nid and day = p_day;
  delete from report_area_day where netbar_id = p_nid and day = p_day;
  delete from report_pay_day where netbar_id = p_nid and day = p_day;
  delete from report_store_day where netbar_id = p_nid and day = p_day;

  insert into report_goods_day (netbar_id, day, goods_id, group_id, source, qty, refunded_qty, revenue_fen,
      refunded_fen, cost_fen)
  select p_nid, p_day, l.goods_id, coalesce(l.group_id, 0), o.source, sum(l.qty), sum(l.refunded_qty),
      sum(l.total_fen), sum(l.refunded_fen), sum(l.qty * l.cost_fen)
    from orders o join order_lines l on l.order_id = o.id
    where o.netbar_id = p_nid and o.paid_at >= v_lo and o.paid_at < v_hi
    group by l.goods_id, coalesce(l.group_id, 0), o.source;

  insert into report_area_day (netbar_id, day, area_id, sessions, minutes, fee_fen)
  select p_nid, p_day, x.area_id, sum(x.sessions), sum(x.minutes), sum(x.fee) from (
      select s.area_id, 1 as sessions, s.billed_minutes::bigint as minutes, 0::bigint as fee
        from online_sessions s where s.netbar_id = p_nid and s.started_at >= v_lo and s.started_at < v_hi
      union all
      select s.area_id, 0, 0, -(l.principal_delta + l.bonus_delta)
        from member_ledger l join online_sessions s on s.id = l.session_id
        where l.netbar_id = p_nid and l.at >= v_lo and l.at < v_hi
          and l.session_id is not null and l.kind in ('consume', 'consume_refund')
    ) x group by x.area_id;

  insert into report_pay_day (netbar_id, day, method, kind, amount_fen, moves)
  select p_nid, p_day, t.method, t.kind, sum(t.amount_fen), count(*)
    from till_ledger t where t.netbar_id = p_nid and t.at >= v_lo and t.at < v_hi
    group by t.method, t.kind;

  insert into report_store_day (netbar_id, day, online_fen, goods_fen, desk_fen, lease_fen, orders, topup_fen,
      bonus_fen, topups, refund_fen, cash_fen, scan_fen, member_fen, sessions, session_minutes, new_members,
      returning_members)
  select p_nid, p_day,
    (select coalesce(sum(fee_fen), 0) from report_area_day where netbar_id = p_nid and day = p_day),
    (select coalesce(sum(o.total_fen), 0) from orders o
      where o.netbar_id = p_nid and o.paid_at >= v_lo and o.paid_at < v_hi),
    (select coalesce(sum(amount_fen), 0) from report_pay_day where netbar_id = p_nid and day = p_day and kind = 'desk'),
    (select coalesce(sum(l.fee_fen), 0) from lease_orders l
      where l.netbar_id = p_nid and l.closed_at >= v_lo and l.closed_at < v_hi),
    (select count(*) from orders o where o.netbar_id = p_nid and o.paid_at >= v_lo and o.paid_at < v_hi),
    t.topup_fen, t.bonus_fen, t.topups,
    (select coalesce(sum(r.amount_fen), 0) from order_refunds r
      where r.netbar_id = p_nid and r.at >= v_lo and r.at < v_hi),
    p.cash_fen, p.scan_fen, p.member_fen,
    (select coalesce(sum(sessions), 0) from report_area_day where netbar_id = p_nid and day = p_day),
    (select coalesce(sum(minutes), 0) from report_area_day where netbar_id = p_nid and day = p_day),
    (select count(*) from members m where m.netbar_id = p_nid and m.created_at >= v_lo and m.created_at < v_hi),
    (select count(distinct s.member_id) from online_sessions s join members m on m.id = s.member_id
      where s.netbar_id = p_nid and s.started_at >= v_lo and s.started_at < v_hi and m.created_at < v_lo)
  from (select coalesce(sum(l.principal_delta), 0) as topup_fen, coalesce(sum(l.bonus_delta), 0) as bonus_fen,
          count(*) as topups
        from member_ledger l where l.netbar_id = p_nid and l.at >= v_lo and l.at < v_hi and l.kind = 'topup') t,
       (select coalesce(sum(amount_fen) filter (where method = 'cash'), 0) as cash_fen,
          coalesce(sum(amount_fen) filter (where method = 'scan'), 0) as scan_fen,
          coalesce(sum(amount_fen) filter (where method = 'member'), 0) as member_fen
        from report_pay_day where netbar_id = p_nid and day = p_day and kind not in ('petty_in', 'petty_out')) p;
end
$$;

-- records written before this migration: every store-day that has one is marked for the job
insert into report_dirty (netbar_id, day)
select distinct x.netbar_id, business_day(x.at, report_day_start(x.netbar_id)) from (
    select netbar_id, paid_at as at from orders where paid_at is not null
    union all select netbar_id, at from order_refunds
    union all select netbar_id, at from member_ledger
    union all select netbar_id, at from till_ledger
    union all select netbar_id, started_at from online_sessions
    union all select netbar_id, closed_at from lease_orders where closed_at is not null
    union all select netbar_id, created_at from members
  ) x
on conflict do nothing;
