import type { SalesFigures, SalesRankingAnswer, SalesRankingQuery, SalesRankRow } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import { type ReportStore, storeIdsSql } from '../../tenant/index.ts';

/**
 * 销售排行 (237) from report_goods_day (one row per store × business day × good or 套餐 × source):
 * quantities and revenue net of refunds, cost at the line's recorded unit cost for the quantity kept,
 * gross profit = revenue − cost. Goods are ranked by name, so a chain's stores add up the same product.
 */
const like = (k: string) => `%${k.replace(/[%_\\]/g, '\\$&')}%`;
const METRIC = { qty: 'qty', revenue: 'revenue_fen', profit: 'profit_fen' } as const;

type Out = Omit<SalesRankingAnswer, 'page' | 'page_size' | 'stores'>;

function base(stores: ReportStore[], q: SalesRankingQuery): SQL {
  const where: SQL[] = [
    sql`d.netbar_id in (${storeIdsSql(stores)})`,
    sql`d.day between ${q.start}::date and ${q.end}::date`,
  ];
  if (q.source) where.push(sql`d.source = ${q.source}`);
  const outer: SQL[] = [sql`true`];
  if (q.category) outer.push(sql`category_name = ${q.category}`);
  if (q.keyword) outer.push(sql`name ilike ${like(q.keyword)}`);
  return sql`g as (select * from (
      select coalesce(gr.name, gd.name, '') as name,
        case when d.group_id <> 0 then '套餐' else coalesce(c.name, '') end as category_name,
        (d.group_id <> 0) as is_group, d.source,
        (d.qty - d.refunded_qty) as qty, (d.revenue_fen - d.refunded_fen) as revenue_fen,
        case when d.qty = 0 then 0 else round(d.cost_fen::numeric * (d.qty - d.refunded_qty) / d.qty) end as cost_fen
      from report_goods_day d
      left join goods gd on d.group_id = 0 and gd.id = d.goods_id
      left join goods_categories c on c.id = gd.category_id
      left join goods_groups gr on gr.id = d.group_id
      where ${sql.join(where, sql` and `)}) x where ${sql.join(outer, sql` and `)})`;
}

const figures = sql`sum(qty)::float8 as qty, sum(revenue_fen)::float8 as revenue_fen, sum(cost_fen)::float8 as cost_fen,
  (sum(revenue_fen) - sum(cost_fen))::float8 as profit_fen`;

const num = (x: Record<string, unknown>): SalesFigures => ({
  qty: Number(x.qty ?? 0),
  revenue_fen: Number(x.revenue_fen ?? 0),
  cost_fen: Number(x.cost_fen ?? 0),
  profit_fen: Number(x.profit_fen ?? 0),
});

/**
 * One statement: the period's rollup rows are read and joined to the goods once, added up per good ×
 * source (a), and the ranked page, the totals, the categories and the sources all come from that small
 * set (at 10M lines three statements each re-read the year's rows).
 */
export async function salesRanking(
  db: Conn,
  stores: ReportStore[],
  q: SalesRankingQuery,
  all = false,
): Promise<Out> {
  const metric = sql.identifier(METRIC[q.rank_by ?? 'qty']);
  const g = base(stores, q);
  const [head] = await rows<Record<string, unknown>>(
    db,
    sql`with ${g}, a as materialized (select name, category_name, is_group, source, sum(qty) as qty,
          sum(revenue_fen) as revenue_fen, sum(cost_fen) as cost_fen from g group by 1, 2, 3, 4),
      r as (select name, category_name, is_group, ${figures} from a group by name, category_name, is_group),
      k as (select r.*, row_number() over (order by ${metric} desc, name, category_name) as rank from r),
      p as (select * from k order by rank ${pageSql(all ? undefined : q)}),
      c as (select category_name as k, ${figures} from a group by 1),
      s as (select source as k, ${figures} from a group by 1)
    select (select count(*)::int from r) as t_n, (select coalesce(sum(qty), 0)::float8 from a) as t_qty,
      (select coalesce(sum(revenue_fen), 0)::float8 from a) as t_rev, (select coalesce(sum(cost_fen), 0)::float8 from a) as t_cost,
      (select coalesce(json_agg(p order by rank), '[]') from p) as list,
      (select coalesce(json_agg(c order by revenue_fen desc, k), '[]') from c) as cats,
      (select coalesce(json_agg(s order by revenue_fen desc, k), '[]') from s) as sources`,
  );
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>[];
  const list = json(head!.list).map(
    (x): SalesRankRow => ({
      rank: Number(x.rank),
      name: String(x.name),
      category_name: String(x.category_name),
      is_group: Boolean(x.is_group),
      ...num(x),
    }),
  );
  const t = { qty: Number(head!.t_qty), revenue_fen: Number(head!.t_rev), cost_fen: Number(head!.t_cost) };
  return {
    list,
    count: Number(head!.t_n),
    totals: { ...t, profit_fen: t.revenue_fen - t.cost_fen },
    by_category: json(head!.cats).map((x) => ({ category_name: String(x.k), ...num(x) })),
    by_source: json(head!.sources).map((x) => ({ source: String(x.k), ...num(x) })),
  };
}
