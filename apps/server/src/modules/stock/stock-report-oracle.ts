import type { ReportQuery } from '@netbar/contract';
import { REPORT_FIGURES } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { itemsOf, like } from './stock.repo.ts';

/**
 * The stock report as it was before decision 061, kept only as the tests' oracle: it reads the store's
 * whole history and converts every row's time to a CST date. Never call it from a route.
 */
const LOCAL_DAY = sql`(l.at at time zone 'Asia/Shanghai')::date`;
const FIGURE_FILTER: Record<(typeof REPORT_FIGURES)[number], SQL> = {
  opening: sql`d < s`,
  in: sql`d between s and e and ref_type in ('goods_in', 'mater_in')`,
  out: sql`d between s and e and ref_type in ('goods_out', 'mater_out')`,
  transfer: sql`d between s and e and ref_type in ('goods_bar_in', 'goods_bar_out', 'mater_bar_in', 'mater_bar_out')`,
  sale: sql`d between s and e and ref_type in ('sale', 'sale_refund')`,
  loss: sql`d between s and e and ref_type in ('goods_loss', 'mater_loss')`,
  check: sql`d between s and e and ref_type = 'check'`,
  closing: sql`d <= e`,
};

export async function oldStockReport(db: Conn, nid: number, q: ReportQuery) {
  const figures = sql.join(
    REPORT_FIGURES.map(
      (
        f,
      ) => sql`coalesce(sum(delta) filter (where ${FIGURE_FILTER[f]}), 0)::float8 as ${sql.identifier(`${f}_qty`)},
      coalesce(sum(value_fen) filter (where ${FIGURE_FILTER[f]}), 0)::float8 as ${sql.identifier(`${f}_fen`)}`,
    ),
    sql`, `,
  );
  const filters: SQL[] = [sql`true`];
  if (q.item_kind) filters.push(sql`i.item_kind = ${q.item_kind}`);
  if (q.keyword) filters.push(sql`(i.name ilike ${like(q.keyword)} or i.barcode = ${q.keyword})`);
  const loc = q.location ? sql`and l.location = ${q.location}` : sql``;
  const base = sql`with m as (
      select l.item_kind, l.item_id, l.delta, l.value_fen, l.ref_type, ${LOCAL_DAY} as d, ${q.start}::date as s, ${q.end}::date as e
      from stock_ledger l where l.netbar_id = ${nid} ${loc}),
    f as (select item_kind, item_id, ${figures} from m group by item_kind, item_id)
    select i.item_kind, i.item_id, i.name, i.unit, f.* from ${itemsOf(nid)} i join f on f.item_kind = i.item_kind and f.item_id = i.item_id
    where ${sql.join(filters, sql` and `)}`;
  const list = await rows<Record<string, unknown>>(db, sql`${base} order by i.item_kind, i.name, i.item_id`);
  const sums = sql.join(
    REPORT_FIGURES.flatMap((f) => [`${f}_qty`, `${f}_fen`]).map(
      (c) => sql`coalesce(sum(${sql.identifier(c)}), 0)::float8 as ${sql.identifier(c)}`,
    ),
    sql`, `,
  );
  const t = await rows<Record<string, unknown>>(db, sql`select count(*)::int as n, ${sums} from (${base}) r`);
  return { list, totals: t[0]! };
}
