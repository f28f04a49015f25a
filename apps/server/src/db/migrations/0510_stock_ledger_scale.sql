-- Data at scale (decisions 060, 061): indexes matching the ledger's queries, and a monthly summary
-- per store × item × location × bucket kept by a trigger, so long report ranges read months, not rows.

-- keyset order of the history list: at desc, id desc (a btree scans backwards)
create index stock_ledger_at_id on stock_ledger(netbar_id, at, id);
drop index if exists stock_ledger_at;
-- one item's history and the report's per-item period reads
create index stock_ledger_item_at on stock_ledger(netbar_id, item_kind, item_id, at, id);

-- the report's figure a ledger row counts in; anything else only moves opening and closing
create function stock_bucket(ref_type text) returns text language sql immutable as $$
  select case
    when ref_type in ('goods_in', 'mater_in') then 'in'
    when ref_type in ('goods_out', 'mater_out') then 'out'
    when ref_type in ('goods_bar_in', 'goods_bar_out', 'mater_bar_in', 'mater_bar_out') then 'transfer'
    when ref_type = 'sale' then 'sale'
    when ref_type in ('goods_loss', 'mater_loss') then 'loss'
    when ref_type = 'check' then 'check'
    else 'other' end
$$;

-- always the sum of stock_ledger rows of the same key whose China Standard Time month is `month`
create table stock_month (
  netbar_id int not null,
  item_kind text not null,
  item_id int not null,
  location text not null,
  month date not null,
  bucket text not null,
  qty bigint not null default 0,
  value_fen bigint not null default 0,
  primary key (netbar_id, month, item_kind, item_id, location, bucket)
);

insert into stock_month (netbar_id, item_kind, item_id, location, month, bucket, qty, value_fen)
select netbar_id, item_kind, item_id, location, date_trunc('month', at at time zone 'Asia/Shanghai')::date,
       stock_bucket(ref_type), sum(delta), sum(value_fen)
from stock_ledger group by 1, 2, 3, 4, 5, 6;

create function stock_month_sync() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    update stock_month set qty = qty - old.delta, value_fen = value_fen - old.value_fen
     where netbar_id = old.netbar_id and month = date_trunc('month', old.at at time zone 'Asia/Shanghai')::date
       and item_kind = old.item_kind and item_id = old.item_id and location = old.location and bucket = stock_bucket(old.ref_type);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into stock_month as s (netbar_id, item_kind, item_id, location, month, bucket, qty, value_fen)
    values (new.netbar_id, new.item_kind, new.item_id, new.location, date_trunc('month', new.at at time zone 'Asia/Shanghai')::date,
            stock_bucket(new.ref_type), new.delta, new.value_fen)
    on conflict (netbar_id, month, item_kind, item_id, location, bucket)
    do update set qty = s.qty + excluded.qty, value_fen = s.value_fen + excluded.value_fen;
  end if;
  return null;
end
$$;

create trigger stock_ledger_month after insert or delete or update of at, delta, value_fen, ref_type, netbar_id, item_kind, item_id, location
  on stock_ledger for each row execute function stock_month_sync();
