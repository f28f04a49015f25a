import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';

/** The page envelope every list answers: the rows, the page asked for and the total count. */
export const pager = <T>(
  q: { page: number; page_size: number },
  r: { list: T[]; count: number; next?: string | null; estimated?: boolean },
) => ({
  list: r.list,
  page: q.page,
  page_size: q.page_size,
  count: r.count,
  ...(r.next !== undefined ? { next: r.next } : {}),
  ...(r.estimated !== undefined ? { estimated: r.estimated } : {}),
});

/** A page asked for: 1-based page number and its size. */
export interface PageQuery {
  page: number;
  page_size: number;
}

/** Rows skipped before a page: the one place page arithmetic lives. */
export const pageOffset = (q: PageQuery) => (q.page - 1) * q.page_size;

/** `limit … offset …` for a page; no clause when every row is wanted (`undefined`: exports). */
export const pageSql = (q: PageQuery | undefined): SQL =>
  q ? sql`limit ${q.page_size} offset ${pageOffset(q)}` : sql``;

/**
 * One page of a raw-SQL list (`select` … `from` … where … order by …) with its count and, when
 * `sumCol` names a fen column, its total; `page` undefined returns every row (exports).
 */
export async function paged<T>(
  db: Conn,
  select: SQL,
  from: SQL,
  where: SQL[],
  order: SQL,
  page?: { page: number; page_size: number },
  sumCol?: string,
) {
  const w = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const limit = pageSql(page);
  const sum = sumCol ? sql.raw(`coalesce(sum(${sumCol}), 0)`) : sql`0`;
  const [list, tot] = await Promise.all([
    rows<T>(db, sql`${select} ${from} ${w} order by ${order} ${limit}`),
    rows<{ count: number; total: string }>(
      db,
      sql`select count(*)::int as count, ${sum} as total ${from} ${w}`,
    ),
  ]);
  return { list, count: Number(tot[0]?.count ?? 0), total_fen: Number(tot[0]?.total ?? 0) };
}

/**
 * Keyset paging (decision 060). A cursor is `<sort key>_<id>` of the last row seen, the sort key an
 * integer (epoch microseconds of a timestamptz, or an id); the next page is the rows strictly after it
 * in `key desc, id desc` order, which an index on (scope, key, id) serves without OFFSET.
 */
export interface Cursor {
  key: string;
  id: string;
}
export const encodeCursor = (key: string | number, id: string | number) => `${key}_${id}`;
export function decodeCursor(after: string | undefined): Cursor | undefined {
  if (!after) return undefined;
  const [key, id] = after.split('_');
  return key && id ? { key, id } : undefined;
}
/** Epoch microseconds of a timestamptz column: the exact sort key of a cursor. */
export const microsOf = (col: SQL) => sql`(extract(epoch from ${col}) * 1000000)::bigint::text`;
/** `(ts, id) < cursor`: rows after the cursor in `ts desc, id desc` order. */
export const afterTs = (ts: SQL, id: SQL, c: Cursor) =>
  sql`(${ts}, ${id}) < (timestamptz 'epoch' + ${c.key}::bigint * interval '1 microsecond', ${c.id}::bigint)`;
/** `(key, id) < cursor` for an integer sort key. */
export const afterInt = (key: SQL, id: SQL, c: Cursor) =>
  sql`(${key}, ${id}) < (${c.key}::bigint, ${c.id}::bigint)`;

/** Rows counted exactly up to this many; above it the count is cached per filter. */
export const EXACT_COUNT_CAP = 10_000;
const COUNT_TTL_MS = 60_000;
const COUNT_CACHE_MAX = 500;
interface CountEntry {
  at: number;
  value: Promise<unknown>;
  refreshing: boolean;
}
const counts = new Map<string, CountEntry>();

/**
 * A count (and sums) that never scans a million rows per page view: `cheap` counts at most
 * EXACT_COUNT_CAP + 1 rows; above the cap `full` runs once per filter per minute (shared by concurrent
 * callers) and the answer says `estimated`. An entry older than a minute is still answered while one
 * caller refreshes it in the background (decision 067), so no page view waits for a full count again.
 */
export async function countOf<T extends { n: number }>(
  cacheKey: string,
  cheap: () => Promise<T>,
  full: () => Promise<T>,
): Promise<T & { estimated: boolean }> {
  const hit = counts.get(cacheKey);
  if (hit) {
    if (Date.now() - hit.at >= COUNT_TTL_MS && !hit.refreshing) refresh(cacheKey, hit, full);
    return { ...((await hit.value) as T), estimated: true };
  }
  const first = await cheap();
  if (first.n <= EXACT_COUNT_CAP) return { ...first, estimated: false };
  const racing = counts.get(cacheKey);
  if (racing) return { ...((await racing.value) as T), estimated: true };
  const value = full();
  if (counts.size >= COUNT_CACHE_MAX) counts.delete(counts.keys().next().value as string);
  counts.set(cacheKey, { at: Date.now(), value, refreshing: false });
  value.catch(() => counts.delete(cacheKey));
  return { ...(await value), estimated: true };
}

/** Replaces a stale entry once its fresh count is in; a failed refresh keeps the stale one. */
function refresh(key: string, entry: CountEntry, full: () => Promise<{ n: number }>) {
  entry.refreshing = true;
  full().then(
    (v) => {
      if (counts.get(key) !== entry) return;
      // fallen under the cap: the next call counts exactly again
      if (v.n <= EXACT_COUNT_CAP) counts.delete(key);
      else counts.set(key, { at: Date.now(), value: Promise.resolve(v), refreshing: false });
    },
    () => {
      entry.refreshing = false;
      entry.at = Date.now();
    },
  );
}

/** Forgets cached counts (tests). */
export const clearCounts = () => counts.clear();

/**
 * Every row of `select … from …` `where` in `id` order, read `pageSize` rows at a time along the id
 * (keyset, no OFFSET): the exports of lists ordered by id (netbars, sub-channels, staff) stream from it
 * (decision 068). `id` is the ordering column as SQL (`n.id`); rows must carry it as `id`.
 */
export async function* idPages<R extends { id: number | string }, T = R>(
  db: Conn,
  o: { select: SQL; where: SQL; id: SQL; order: 'asc' | 'desc'; map?: (r: R) => T; pageSize?: number },
): AsyncGenerator<T> {
  const size = o.pageSize ?? 2000;
  const dir = sql.raw(o.order);
  let after: string | undefined;
  for (;;) {
    const keyset =
      after === undefined
        ? sql``
        : o.order === 'desc'
          ? sql` and ${o.id} < ${after}`
          : sql` and ${o.id} > ${after}`;
    const page = await rows<R>(
      db,
      sql`${o.select} where ${o.where}${keyset} order by ${o.id} ${dir} limit ${size}`,
    );
    for (const r of page) yield o.map ? o.map(r) : (r as unknown as T);
    if (page.length < size) return;
    after = String(page[page.length - 1]!.id);
  }
}

/** Rows of `from … where …`, counted at most up to `cap + 1` (an export's refusal test). */
export async function countUpTo(db: Conn, from: SQL, where: SQL, cap: number): Promise<number> {
  const r = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 ${from} where ${where} limit ${cap + 1}) x`,
  );
  return Number(r[0]?.n ?? 0);
}
