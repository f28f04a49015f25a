import type { ReportQuery, ReportRow, ReportTotals } from '@netbar/contract';
import { REPORT_FIGURES } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayStart, nextDay, splitMonths } from '../../lib/day-bounds.ts';
import { pageSql } from '../../lib/paging.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { itemsOf, like } from './stock.repo.ts';

/**
 * The stock report in one pass anchored on the current levels (decision 061):
 *   closing = level − moves after the period;  opening = closing − moves in the period.
 * Moves are read from the period's rows and, for whole CST months, from stock_month, so a year reads
 * twelve summary months per item, not the store's history. Page and totals come from the same statement.
 */

const BUCKETS = ['in', 'out', 'transfer', 'sale', 'loss', 'check'] as const;
type Seg = 'p' | 'a';

/** The store's moves in days [from, to) by item and bucket, tagged with `seg`; ledger rows grouped first. */
function moves(nid: number, loc: SQL, seg: Seg, from: string, to: string | null): SQL[] {
  return splitMonths(from, to).map((p) => {
    const sign = p.sign === 1 ? sql`` : sql`-`;
    if (p.source === 'months')
      return sql`select item_kind, item_id, bucket, ${sign}sum(qty)::bigint as qty, ${sign}sum(value_fen)::bigint as value_fen, ${seg}::text as seg
        from stock_month where netbar_id = ${nid}${loc} and month >= ${p.from}::date${p.to ? sql` and month < ${p.to}::date` : sql``}
        group by item_kind, item_id, bucket`;
    return sql`select item_kind, item_id, stock_bucket(ref_type) as bucket, ${sign}qty as qty, ${sign}value_fen as value_fen, ${seg}::text as seg
      from (select item_kind, item_id, ref_type, sum(delta)::bigint as qty, sum(value_fen)::bigint as value_fen from stock_ledger
            where netbar_id = ${nid}${loc} and at >= ${dayStart(p.from)}::timestamptz${p.to ? sql` and at < ${dayStart(p.to)}::timestamptz` : sql``}
            group by item_kind, item_id, ref_type) x`;
  });
}

const n = (x: string) => sql.identifier(x);

export async function stockReport(
  db: Conn,
  s: TenantScope,
  q: ReportQuery,
  all = false,
): Promise<{ list: ReportRow[]; count: number; totals: ReportTotals }> {
  const nid = s.netbarId;
  const loc = q.location ? sql` and location = ${q.location}` : sql``;
  const end = nextDay(q.end);
  const mv = sql.join(
    [...moves(nid, loc, 'p', q.start, end), ...moves(nid, loc, 'a', end, null)],
    sql` union all `,
  );
  const sums = (c: 'qty' | 'value_fen', suffix: string) => [
    sql`coalesce(sum(${n(c)}) filter (where seg = 'a'), 0) as ${n(`a_${suffix}`)}`,
    sql`coalesce(sum(${n(c)}) filter (where seg = 'p'), 0) as ${n(`p_${suffix}`)}`,
    ...BUCKETS.map(
      (b) =>
        sql`coalesce(sum(${n(c)}) filter (where seg = 'p' and bucket = ${b}), 0) as ${n(`${b}_${suffix}`)}`,
    ),
  ];
  const figure = (f: (typeof REPORT_FIGURES)[number], suffix: 'qty' | 'fen', level: SQL) => {
    const v = (x: string) => sql`coalesce(f.${n(`${x}_${suffix}`)}, 0)`;
    const closing = sql`(${level} - ${v('a')})`;
    const e = f === 'closing' ? closing : f === 'opening' ? sql`(${closing} - ${v('p')})` : v(f);
    return sql`(${e})::float8 as ${n(`${f}_${suffix}`)}`;
  };
  const filters: SQL[] = [sql`true`];
  if (q.item_kind) filters.push(sql`i.item_kind = ${q.item_kind}`);
  if (q.keyword) filters.push(sql`(i.name ilike ${like(q.keyword)} or i.barcode = ${q.keyword})`);
  const cols = REPORT_FIGURES.flatMap((f) => [`${f}_qty`, `${f}_fen`]);
  const page = pageSql(all ? undefined : q);
  const r = await rows<Record<string, unknown>>(
    db,
    sql`with mv as (${mv}),
      f as (select item_kind, item_id, ${sql.join([...sums('qty', 'qty'), ...sums('value_fen', 'fen')], sql`, `)} from mv group by item_kind, item_id),
      lv as (select item_kind, item_id, sum(qty)::bigint as qty, sum(value_fen)::bigint as fen from stock_levels
             where netbar_id = ${nid} and last_ledger_id > 0${loc} group by item_kind, item_id),
      r as (select i.item_kind, i.item_id, i.name, i.unit,
              ${sql.join(
                REPORT_FIGURES.flatMap((f) => [figure(f, 'qty', sql`lv.qty`), figure(f, 'fen', sql`lv.fen`)]),
                sql`, `,
              )}
            from ${itemsOf(nid)} i join lv on lv.item_kind = i.item_kind and lv.item_id = i.item_id
            left join f on f.item_kind = i.item_kind and f.item_id = i.item_id
            where ${sql.join(filters, sql` and `)}),
      t as (select count(*)::int as t_n, ${sql.join(
        cols.map((c) => sql`coalesce(sum(${n(c)}), 0)::float8 as ${n(`t_${c}`)}`),
        sql`, `,
      )} from r)
    select t.*, p.* from t left join lateral (select * from r order by item_kind, name, item_id ${page}) p on true`,
  );
  const head = r[0]!;
  const totals = Object.fromEntries(cols.map((c) => [c, Number(head[`t_${c}`])])) as unknown as ReportTotals;
  const list = r
    .filter((x) => x.item_id != null)
    .map((x) => {
      const row: Record<string, unknown> = {
        item_kind: x.item_kind,
        item_id: x.item_id,
        name: x.name,
        unit: x.unit,
      };
      for (const c of cols) row[c] = Number(x[c]);
      return row as unknown as ReportRow;
    });
  return { list, count: Number(head.t_n), totals };
}
