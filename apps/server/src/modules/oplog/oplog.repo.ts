import type { OplogQuery, OplogRow } from '@netbar/contract';
import { and, count, desc, eq, getTableColumns, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { operationLog } from '../../db/schema/foundation.ts';
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

const like = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The tenant part of the WHERE clause: whose rows the caller may read. */
function scopeWhere(s: TenantScope): SQL | undefined {
  if (s.isAdmin) return undefined;
  // An agent reads its whole team's rows; agent staff only their own (issue 11 item 7: no colleagues).
  if (s.type === 1 && s.agentId) return eq(operationLog.agentId, s.agentId);
  if (s.type === 3) {
    // The stores of the netbar account: its own store and the stores under it.
    return or(
      eq(operationLog.userId, s.userId),
      sql`${operationLog.netbarId} in (select n.id from netbars n join users u on u.id = ${s.userId} where n.id = u.netbar_id or n.pid = u.netbar_id)`,
    );
  }
  return eq(operationLog.userId, s.userId);
}

function filterWhere(q: Omit<OplogQuery, 'page' | 'page_size' | 'after'>): SQL[] {
  const c: SQL[] = [];
  // Dates are China Standard Time calendar days.
  c.push(...dayRange(sql`${operationLog.at}`, q.start_date, q.end_date));
  if (q.action) c.push(ilike(operationLog.action, like(q.action)));
  if (q.result) c.push(eq(operationLog.result, q.result));
  if (q.user_name) c.push(ilike(operationLog.userName, like(q.user_name)));
  return c;
}

export function toRow(r: typeof operationLog.$inferSelect): OplogRow {
  return {
    id: r.id,
    at: Math.floor(r.at.getTime() / 1000),
    user_name: r.userName,
    user_type: r.userType,
    agent_id: r.agentId,
    netbar_id: r.netbarId,
    ip: r.ip,
    action: r.action,
    target: r.target,
    result: r.result as OplogRow['result'],
    detail: r.detail,
  };
}

type Filter = Omit<OplogQuery, 'page' | 'page_size' | 'after'>;
const whereOf = (scope: TenantScope, q: Filter) => {
  const parts = [scopeWhere(scope), ...filterWhere(q)].filter((x): x is SQL => !!x);
  return parts.length ? and(...parts) : undefined;
};

/** One keyset page (decision 060): newest first, after `cursor` when given, else at `offset`. */
export async function oplogPage(
  db: Conn,
  scope: TenantScope,
  q: Filter,
  limit: number,
  cursor?: Cursor,
  offset = 0,
) {
  const where = and(
    whereOf(scope, q),
    cursor ? afterTs(sql`${operationLog.at}`, sql`${operationLog.id}`, cursor) : undefined,
  );
  const r = await db
    .select({ ...getTableColumns(operationLog), key: microsOf(sql`${operationLog.at}`).mapWith(String) })
    .from(operationLog)
    .where(where)
    .orderBy(desc(operationLog.at), desc(operationLog.id))
    .limit(limit)
    .offset(cursor ? 0 : offset);
  const last = r[r.length - 1];
  return { list: r.map(toRow), next: r.length === limit && last ? encodeCursor(last.key, last.id) : null };
}

/** One page of the scoped log, newest first, with the count (exact up to a cap, else cached per filter). */
export async function listOplog(db: Conn, scope: TenantScope, q: OplogQuery) {
  const where = whereOf(scope, q);
  const { page: _p, page_size: _s, after, ...f } = q;
  const scopeKey = `${scope.isAdmin ? 'admin' : `${scope.type}:${scope.userId}:${scope.agentId ?? ''}`}`;
  const cnt = async (capped: boolean) => {
    const base = db.select({ id: operationLog.id }).from(operationLog).where(where);
    const sub = (capped ? base.limit(EXACT_COUNT_CAP + 1) : base).as('x');
    const [row] = await db.select({ n: count() }).from(sub);
    return { n: Number(row?.n ?? 0) };
  };
  const [page, c] = await Promise.all([
    oplogPage(db, scope, f, q.page_size, decodeCursor(after), pageOffset(q)),
    countOf(
      `oplog:${scopeKey}:${JSON.stringify(f)}`,
      () => cnt(true),
      () => cnt(false),
    ),
  ]);
  return { ...page, count: c.n, estimated: c.estimated };
}

/** Every row of a filter along the keyset (exports). */
export async function* oplogRows(db: Conn, scope: TenantScope, q: Filter, pageSize = 2000) {
  let cursor: Cursor | undefined;
  for (;;) {
    const p = await oplogPage(db, scope, q, pageSize, cursor);
    yield* p.list;
    if (!p.next) return;
    cursor = decodeCursor(p.next);
  }
}

/** Rows of a filter counted at most up to `cap + 1` (the export's refusal test). */
export async function oplogCountUpTo(db: Conn, scope: TenantScope, q: Filter, cap: number) {
  const sub = db
    .select({ id: operationLog.id })
    .from(operationLog)
    .where(whereOf(scope, q))
    .limit(cap + 1)
    .as('x');
  const [row] = await db.select({ n: count() }).from(sub);
  return Number(row?.n ?? 0);
}

/** Appends one operation-log row. */
export async function insertOplog(db: Conn, row: typeof operationLog.$inferInsert) {
  await db.insert(operationLog).values(row);
}

/**
 * Deletes rows older than `days` through ledger_purge (migration 0500), the one way rows leave the log
 * (the guard trigger lets it delete only rows older than 180 days).
 */
export async function purgeOplog(db: Conn, days: number): Promise<number> {
  const r = (await db.execute(sql`select ledger_purge('operation_log', ${days})::int as n`)) as unknown as {
    rows: { n: number }[];
  };
  return Number(r.rows[0]?.n ?? 0);
}
