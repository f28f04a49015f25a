// Seeds the scale benchmark's own PostgreSQL database with generate_series (no row inserts from JS):
// goods in the measured store, netbars for the agent, and the stock ledger — `storeRows` in the
// measured store and `otherRows` spread over `stores` other stores — then levels and the monthly
// summary derived from the ledger, as applyMove and its trigger would have left them.
import type pg from 'pg';

export interface SeedSize {
  storeRows: number;
  otherRows: number;
  stores: number;
  items: number;
  netbars: number;
}

const REFS = `(array['goods_in','goods_out','goods_bar_in','goods_bar_out','goods_loss','check','sale','sale','sale','sale'])`;

export async function seedScale(c: pg.Client, nid: number, agentId: number, size: SeedSize) {
  const t0 = Date.now();
  const log = (what: string) => console.log(`  seed: ${what} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  await c
    .query(`insert into goods_categories (netbar_id, name) values ($1, '规模测试') on conflict do nothing`, [
      nid,
    ])
    .catch(() => undefined);
  const cat = (
    await c.query('select id from goods_categories where netbar_id = $1 order by id limit 1', [nid])
  ).rows[0].id;
  await c.query(
    `insert into goods (netbar_id, category_id, name, unit) select $1, $2, '规模商品' || g, '瓶' from generate_series(1, $3) g`,
    [nid, cat, size.items],
  );
  await c.query(
    `insert into goods_skus (netbar_id, goods_id, cost_fen, price_fen, member_price_fen)
     select $1, id, 100 + id % 400, 300 + id % 900, 300 + id % 900 from goods where netbar_id = $1 and name like '规模商品%'`,
    [nid],
  );
  const skus = (
    await c.query(`select min(id)::int as lo, count(*)::int as n from goods_skus where netbar_id = $1`, [nid])
  ).rows[0];
  await c.query(
    `insert into netbars (name, agent_id, machine_count, province, city)
     select '规模网吧' || g, $1, 50 + g % 100, '广东省', '深圳市' from generate_series(1, $2) g`,
    [agentId, size.netbars],
  );
  log(`${size.items} goods, ${size.netbars} netbars`);
  const others = (
    await c.query(
      `insert into netbars (name, agent_id) select '规模门店' || g, $1 from generate_series(1, $2) g returning id`,
      [agentId, size.stores],
    )
  ).rows.map((r) => r.id as number);
  await c.query('set session_replication_role = replica'); // no per-row triggers: the summary is built below
  // bulk load without secondary indexes, built once afterwards
  const indexes = (
    await c.query(
      `select indexdef from pg_indexes where tablename = 'stock_ledger' and indexname <> 'stock_ledger_pkey'`,
    )
  ).rows.map((r) => r.indexdef as string);
  for (const def of indexes) await c.query(`drop index ${/INDEX (\S+) ON/.exec(def)![1]}`);
  const ledger = (netbar: string, n: number, itemLo: string, items: string) =>
    `insert into stock_ledger (netbar_id, item_kind, item_id, location, delta, qty_before, qty_after, cost_fen, value_fen, ref_type, ref_no, user_name, at)
     select ${netbar}, 'goods', ${itemLo} + g % ${items}, case when g % 3 = 0 then 'warehouse' else 'counter' end,
            d, 0, 0, 150, d * 150, r, 'SC' || g, '规模测试', now() - (${n} - g) * (interval '365 days' / ${n})
     from (select g, ${REFS}[1 + g % 10] as r from generate_series(1, ${n}) g) s,
          lateral (select case when r in ('goods_in','goods_bar_in') then 5 + g % 20 when r = 'check' then g % 3 - 1 else -(1 + g % 3) end as d) dd`;
  await c.query(ledger(String(nid), size.storeRows, String(skus.lo), String(skus.n)));
  log(`${size.storeRows} ledger rows in the measured store`);
  const per = Math.ceil(size.otherRows / Math.max(1, others.length));
  for (let i = 0; i < others.length; i += 10) {
    const batch = others.slice(i, i + 10);
    await c.query(
      `insert into stock_ledger (netbar_id, item_kind, item_id, location, delta, qty_before, qty_after, cost_fen, value_fen, ref_type, ref_no, user_name, at)
       select s.id, 'goods', 1 + g % 500, 'counter', 1 - g % 3, 0, 0, 150, (1 - g % 3) * 150, ${REFS}[1 + g % 10], 'SO' || g, '规模测试',
              now() - (${per} - g) * (interval '365 days' / ${per})
       from unnest($1::int[]) s(id), generate_series(1, ${per}) g`,
      [batch],
    );
    log(`${Math.min(i + 10, others.length)}/${others.length} other stores`);
  }
  await c.query('set session_replication_role = origin');
  await c.query("set maintenance_work_mem = '256MB'");
  for (const def of indexes) await c.query(def);
  log(`${indexes.length} ledger indexes built`);
  await c.query(
    `insert into stock_levels (netbar_id, item_kind, item_id, location, qty, value_fen, last_ledger_id)
     select netbar_id, item_kind, item_id, location, sum(delta), sum(value_fen), max(id) from stock_ledger group by 1, 2, 3, 4
     on conflict (netbar_id, item_kind, item_id, location) do update set qty = excluded.qty, value_fen = excluded.value_fen, last_ledger_id = excluded.last_ledger_id`,
  );
  await c.query('delete from stock_month');
  await c.query(
    `insert into stock_month (netbar_id, item_kind, item_id, location, month, bucket, qty, value_fen)
     select netbar_id, item_kind, item_id, location, date_trunc('month', at at time zone 'Asia/Shanghai')::date, stock_bucket(ref_type), sum(delta), sum(value_fen)
     from stock_ledger group by 1, 2, 3, 4, 5, 6`,
  );
  log('levels and monthly summary');
  await c.query('vacuum analyze stock_ledger');
  await c.query('vacuum analyze stock_month');
  await c.query('analyze');
  log('vacuum analyze');
}
