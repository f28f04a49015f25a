import type { LedgerQuery, StockLedgerRow } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import {
  afterTs,
  type Cursor,
  countOf,
  decodeCursor,
  EXACT_COUNT_CAP,
  encodeCursor,
  microsOf,
  pageOffset,
} from '../../lib/paging.ts';
import type { TenantScope } from '../../tenant/index.ts';

/**
 * The stock ledger (历史记录) at a million rows per store (decision 060): keyset pages in `at desc,
 * id desc` order served by stock_ledger_at_id, CST day bounds as timestamptz, names by joins on the
 * page's rows only, counts exact up to a cap and cached per filter above it.
 */

export type LedgerFilter = Omit<Partial<LedgerQuery>, 'page' | 'page_size' | 'after'>;

export function ledgerWhere(nid: number, q: LedgerFilter): SQL {
  const parts: SQL[] = [sql`l.netbar_id = ${nid}`];
  if (q.item_kind) parts.push(sql`l.item_kind = ${q.item_kind}`);
  if (q.item_id) parts.push(sql`l.item_id = ${q.item_id}`);
  if (q.location) parts.push(sql`l.location = ${q.location}`);
  if (q.ref_type) parts.push(sql`l.ref_type = ${q.ref_type}`);
  parts.push(...dayRange(sql`l.at`, q.start, q.end));
  return sql.join(parts, sql` and `);
}

type KeyedRow = StockLedgerRow & { _key: string };

/** One page of ledger rows after `cursor` (or at `offset`), newest first, with item names joined. */
export async function ledgerPage(
  db: Conn,
  nid: number,
  q: LedgerFilter,
  limit: number,
  cursor?: Cursor,
  offset = 0,
): Promise<{ list: StockLedgerRow[]; next: string | null }> {
  const keyset = cursor ? sql` and ${afterTs(sql`l.at`, sql`l.id`, cursor)}` : sql``;
  const skip = !cursor && offset > 0 ? sql`offset ${offset}` : sql``;
  const r = await rows<KeyedRow>(
    db,
    sql`select l.id::int as id, to_char(l.at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS') as at, l.item_kind, l.item_id,
          case when l.item_kind = 'goods' then g.name || case when k.spec <> '' then '（' || k.spec || '）' else '' end else m.name end as name,
          case when l.item_kind = 'goods' then g.unit else m.unit end as unit,
          l.location, l.ref_type, l.ref_no, l.qty_before::float8 as qty_before, l.delta::float8 as delta, l.qty_after::float8 as qty_after,
          l.cost_fen, l.user_name, ${microsOf(sql`l.at`)} as _key
        from (select * from stock_ledger l where ${ledgerWhere(nid, q)}${keyset} order by l.at desc, l.id desc limit ${limit} ${skip}) l
        left join goods_skus k on l.item_kind = 'goods' and k.id = l.item_id
        left join goods g on g.id = k.goods_id
        left join goods_maters m on l.item_kind = 'mater' and m.id = l.item_id
        order by l.at desc, l.id desc`,
    'ledger_page',
  );
  const last = r[r.length - 1];
  const next = r.length === limit && last ? encodeCursor(last._key, last.id) : null;
  return { list: r.map(({ _key, ...row }) => row), next };
}

/** Count and Σ delta of a filter: exact up to the cap, else cached per filter for a minute. */
export function ledgerCount(db: Conn, nid: number, q: LedgerFilter) {
  const where = ledgerWhere(nid, q);
  const f = { item_kind: q.item_kind, item_id: q.item_id, location: q.location, ref_type: q.ref_type };
  const key = `stock_ledger:${nid}:${JSON.stringify({ ...f, start: q.start, end: q.end })}`;
  const run = async (from: SQL) =>
    (
      await rows<{ n: number; delta: number }>(
        db,
        sql`select count(*)::int as n, coalesce(sum(delta), 0)::float8 as delta from ${from}`,
      )
    )[0]!;
  return countOf(
    key,
    () => run(sql`(select l.delta from stock_ledger l where ${where} limit ${EXACT_COUNT_CAP + 1}) x`),
    () => run(sql`stock_ledger l where ${where}`),
  );
}

/** Rows of a filter, counted at most up to `cap + 1` (the export's refusal test). */
export async function ledgerCountUpTo(db: Conn, s: TenantScope, q: LedgerFilter, cap: number) {
  const nid = s.netbarId;
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from stock_ledger l where ${ledgerWhere(nid, q)} limit ${cap + 1}) x`,
  );
  return r[0]?.n ?? 0;
}

export async function listLedger(db: Conn, s: TenantScope, q: LedgerQuery) {
  const nid = s.netbarId;
  const cursor = decodeCursor(q.after);
  const [page, c] = await Promise.all([
    ledgerPage(db, nid, q, q.page_size, cursor, pageOffset(q)),
    ledgerCount(db, nid, q),
  ]);
  return { ...page, count: c.n, estimated: c.estimated, totals: { delta: Number(c.delta) } };
}

/** Every row of a filter, page by page along the keyset (exports). */
export async function* ledgerRows(db: Conn, s: TenantScope, q: LedgerFilter, pageSize = 2000) {
  const nid = s.netbarId;
  let cursor: Cursor | undefined;
  for (;;) {
    const p = await ledgerPage(db, nid, q, pageSize, cursor);
    yield* p.list;
    if (!p.next) return;
    cursor = decodeCursor(p.next);
  }
}
