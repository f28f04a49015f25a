import type { StockListQuery, StockRow, StockTotals } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { negativePolicyOf } from './stock-move.ts';

/** Stock levels and settings; the ledger is stock-ledger.repo.ts, the report stock-report.repo.ts. */

export const like = (k: string) => `%${k.replace(/[%_\\]/g, '\\$&')}%`;

/** Stock-tracked items of a store: goods SKUs without a recipe, and materials. */
export const itemsOf = (nid: number) => sql`(
  select 'goods' as item_kind, k.id as item_id, g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end as name, g.unit, k.barcode, k.cost_fen, g.low_stock
  from goods_skus k join goods g on g.id = k.goods_id
  where k.netbar_id = ${nid} and g.track_stock and not exists (select 1 from goods_recipes r where r.goods_id = g.id)
  union all select 'mater', m.id, m.name, m.unit, m.barcode, m.cost_fen, m.low_stock from goods_maters m where m.netbar_id = ${nid})`;

function stockWhere(q: StockListQuery): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.item_kind) parts.push(sql`i.item_kind = ${q.item_kind}`);
  if (q.location) parts.push(sql`loc.location = ${q.location}`);
  if (q.keyword) parts.push(sql`(i.name ilike ${like(q.keyword)} or i.barcode = ${q.keyword})`);
  if (q.low_only === '1') parts.push(sql`i.low_stock > 0 and tot.qty <= i.low_stock`);
  return sql.join(parts, sql` and `);
}

const stockFrom = (nid: number) => sql`from ${itemsOf(nid)} i
  cross join (values ('warehouse'), ('counter')) as loc(location)
  left join stock_levels s on s.netbar_id = ${nid} and s.item_kind = i.item_kind and s.item_id = i.item_id and s.location = loc.location
  left join lateral (select coalesce(sum(x.qty), 0) as qty from stock_levels x where x.netbar_id = ${nid} and x.item_kind = i.item_kind and x.item_id = i.item_id) tot on true`;

export async function listStock(
  db: Conn,
  s: TenantScope,
  q: StockListQuery,
  all = false,
): Promise<{ list: StockRow[]; count: number; totals: StockTotals }> {
  const nid = s.netbarId;
  const where = stockWhere(q);
  const page = pageSql(all ? undefined : q);
  const list = await rows<StockRow>(
    db,
    sql`select i.item_kind, i.item_id, i.name, i.unit, loc.location, coalesce(s.qty, 0)::float8 as qty,
          case when coalesce(s.qty, 0) > 0 then round(s.value_fen::numeric / s.qty)::float8 else i.cost_fen end as cost_fen,
          coalesce(s.value_fen, 0)::float8 as value_fen, i.low_stock, (i.low_stock > 0 and tot.qty <= i.low_stock) as low
        ${stockFrom(nid)} where ${where} order by i.item_kind, i.name, i.item_id, loc.location desc ${page}`,
  );
  const t = await rows<{ n: number; qty: number; value_fen: number }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(s.qty), 0)::float8 as qty, coalesce(sum(s.value_fen), 0)::float8 as value_fen ${stockFrom(nid)} where ${where}`,
  );
  return {
    list,
    count: t[0]?.n ?? 0,
    totals: { qty: Number(t[0]?.qty ?? 0), value_fen: Number(t[0]?.value_fen ?? 0) },
  };
}

/** The store's negative-stock policy (stock_setting_save). */
export async function saveNegativePolicy(db: Conn, s: TenantScope, policy: string) {
  const nid = s.netbarId;
  await rows(
    db,
    sql`insert into goods_settings (netbar_id, negative_policy) values (${nid}, ${policy})
      on conflict (netbar_id) do update set negative_policy = excluded.negative_policy`,
  );
}
export { listLedger } from './stock-ledger.repo.ts';

/** The store's negative-stock policy (拒绝 or 允许). */
export const negativePolicy = (db: Conn, s: TenantScope) => negativePolicyOf(db, s.netbarId);
