import type {
  LedgerQuery,
  ReportQuery,
  ReportRow,
  ReportTotals,
  StockLedgerRow,
  StockListQuery,
  StockRow,
  StockTotals,
} from '@netbar/contract';
import { REPORT_FIGURES } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { ITEM_NAME_SQL, ITEM_UNIT_SQL } from './stock-doc.repo.ts';

/** Stock levels, the ledger and the stock report. Dates are China Standard Time calendar days. */

const like = (k: string) => `%${k.replace(/[%_\\]/g, '\\$&')}%`;
const LOCAL_DAY = sql`(l.at at time zone 'Asia/Shanghai')::date`;

/** Stock-tracked items of a store: goods SKUs without a recipe, and materials. */
const itemsOf = (nid: number) => sql`(
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
  nid: number,
  q: StockListQuery,
  all = false,
): Promise<{ list: StockRow[]; count: number; totals: StockTotals }> {
  const where = stockWhere(q);
  const page = all ? sql`` : sql`limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;
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

function ledgerWhere(nid: number, q: Partial<LedgerQuery>): SQL {
  const parts: SQL[] = [sql`l.netbar_id = ${nid}`];
  if (q.item_kind) parts.push(sql`l.item_kind = ${q.item_kind}`);
  if (q.item_id) parts.push(sql`l.item_id = ${q.item_id}`);
  if (q.location) parts.push(sql`l.location = ${q.location}`);
  if (q.ref_type) parts.push(sql`l.ref_type = ${q.ref_type}`);
  if (q.start) parts.push(sql`${LOCAL_DAY} >= ${q.start}::date`);
  if (q.end) parts.push(sql`${LOCAL_DAY} <= ${q.end}::date`);
  return sql.join(parts, sql` and `);
}

export async function listLedger(db: Conn, nid: number, q: LedgerQuery, all = false) {
  const where = ledgerWhere(nid, q);
  const page = all ? sql`limit 100000` : sql`limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;
  const list = await rows<StockLedgerRow>(
    db,
    sql`select l.id::int as id, to_char(l.at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as at, l.item_kind, l.item_id, ${ITEM_NAME_SQL} as name, ${ITEM_UNIT_SQL} as unit,
          l.location, l.ref_type, l.ref_no, l.qty_before::float8 as qty_before, l.delta::float8 as delta, l.qty_after::float8 as qty_after, l.cost_fen, l.user_name
        from stock_ledger l where ${where} order by l.id desc ${page}`,
  );
  const c = await rows<{ n: number; delta: number }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(l.delta), 0)::float8 as delta from stock_ledger l where ${where}`,
  );
  return { list, count: c[0]?.n ?? 0, totals: { delta: Number(c[0]?.delta ?? 0) } };
}

const FIGURE_FILTER: Record<(typeof REPORT_FIGURES)[number], SQL> = {
  opening: sql`d < s`,
  in: sql`d between s and e and ref_type in ('goods_in', 'mater_in')`,
  out: sql`d between s and e and ref_type in ('goods_out', 'mater_out')`,
  transfer: sql`d between s and e and ref_type in ('goods_bar_in', 'goods_bar_out', 'mater_bar_in', 'mater_bar_out')`,
  sale: sql`d between s and e and ref_type = 'sale'`,
  loss: sql`d between s and e and ref_type in ('goods_loss', 'mater_loss')`,
  check: sql`d between s and e and ref_type = 'check'`,
  closing: sql`d <= e`,
};

/** Per item: opening, each kind of movement and closing over [start, end], quantity and value; sums of the ledger. */
export async function stockReport(
  db: Conn,
  nid: number,
  q: ReportQuery,
  all = false,
): Promise<{ list: ReportRow[]; count: number; totals: ReportTotals }> {
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
  const page = all ? sql`` : sql`limit ${q.page_size} offset ${(q.page - 1) * q.page_size}`;
  const list = await rows<ReportRow>(db, sql`${base} order by i.item_kind, i.name, i.item_id ${page}`);
  const sums = sql.join(
    REPORT_FIGURES.flatMap((f) => [`${f}_qty`, `${f}_fen`]).map(
      (c) => sql`coalesce(sum(${sql.identifier(c)}), 0)::float8 as ${sql.identifier(c)}`,
    ),
    sql`, `,
  );
  const t = await rows<ReportTotals & { n: number }>(
    db,
    sql`select count(*)::int as n, ${sums} from (${base}) r`,
  );
  const { n, ...totals } = t[0]!;
  return { list, count: n, totals };
}
