import type { DeadStockQuery, DeadStockRow, DeadStockTotals } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import { type ReportStore, storeIdsSql } from '../../tenant/index.ts';
import { like } from './stock.repo.ts';

/**
 * 滞销统计 (238) from the stock ledger: the goods of `stores` with stock (warehouse + counter, the
 * running levels) and no 'sale' ledger row in the last `days` × 24 h, the most value tied up first.
 * Last sale and last receipt (goods_in) are one index probe each (stock_ledger_item_ref_at, 0870), so
 * the answer reads the stores' stocked goods, not their ledger history. Page and totals come from the
 * same statement.
 */
export async function deadStock(
  db: Conn,
  stores: ReportStore[],
  q: DeadStockQuery,
  all = false,
): Promise<{ list: DeadStockRow[]; count: number; totals: DeadStockTotals }> {
  if (!stores.length) return { list: [], count: 0, totals: { qty: 0, value_fen: 0 } };
  const ids = storeIdsSql(stores);
  const filters: SQL[] = [sql`(ls.at is null or ls.at < now() - make_interval(days => ${q.days}))`];
  if (q.category_id) filters.push(sql`g.category_id = ${q.category_id}`);
  if (q.keyword) filters.push(sql`(g.name ilike ${like(q.keyword)} or k.barcode = ${q.keyword})`);
  const last = (refType: string) => sql`(select x.at from stock_ledger x
      where x.netbar_id = lv.netbar_id and x.item_kind = 'goods' and x.item_id = lv.item_id and x.ref_type = ${refType}
      order by x.at desc limit 1)`;
  const r = await rows<Record<string, unknown>>(
    db,
    sql`with lv as (select netbar_id, item_id, sum(qty)::bigint as qty, sum(value_fen)::bigint as value_fen
          from stock_levels where netbar_id in (${ids}) and item_kind = 'goods'
          group by netbar_id, item_id having sum(qty) > 0),
      r as (select lv.netbar_id as store_id, n.name as store_name, lv.item_id,
              g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end as name,
              coalesce(c.name, '') as category_name, g.unit, lv.qty, lv.value_fen,
              ls.at as last_sale, li.at as last_in
            from lv join netbars n on n.id = lv.netbar_id
            join goods_skus k on k.id = lv.item_id and k.netbar_id = lv.netbar_id
            join goods g on g.id = k.goods_id
            left join goods_categories c on c.id = g.category_id
            left join lateral ${last('sale')} ls(at) on true
            left join lateral ${last('goods_in')} li(at) on true
            where ${sql.join(filters, sql` and `)}),
      t as (select count(*)::int as t_n, coalesce(sum(qty), 0)::float8 as t_qty, coalesce(sum(value_fen), 0)::float8 as t_fen from r)
    select t.*, p.* from t left join lateral (
      select store_id, store_name, item_id, name, category_name, unit, qty::float8 as qty, value_fen::float8 as value_fen,
        to_char(last_sale at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as last_sale_at,
        to_char(last_in at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as last_in_at,
        floor(extract(epoch from now() - coalesce(last_sale, last_in)) / 86400)::int as idle_days
      from r order by value_fen desc, name, store_id, item_id ${pageSql(all ? undefined : q)}) p on true`,
  );
  const head = r[0]!;
  const list = r
    .filter((x) => x.item_id != null)
    .map(
      (x): DeadStockRow => ({
        store_id: Number(x.store_id),
        store_name: String(x.store_name),
        item_id: Number(x.item_id),
        name: String(x.name),
        category_name: String(x.category_name),
        unit: String(x.unit),
        qty: Number(x.qty),
        value_fen: Number(x.value_fen),
        last_sale_at: (x.last_sale_at as string | null) ?? null,
        last_in_at: (x.last_in_at as string | null) ?? null,
        idle_days: x.idle_days == null ? null : Number(x.idle_days),
      }),
    );
  return {
    list,
    count: Number(head.t_n),
    totals: { qty: Number(head.t_qty), value_fen: Number(head.t_fen) },
  };
}
