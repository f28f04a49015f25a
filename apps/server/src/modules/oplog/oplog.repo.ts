import type { OplogQuery, OplogRow } from '@netbar/contract';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { operationLog } from '../../db/schema/foundation.ts';
import type { Scope } from '../../types.ts';

const like = (s: string) => `%${s.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The tenant part of the WHERE clause: whose rows the caller may read. */
function scopeWhere(s: Scope): SQL | undefined {
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

function filterWhere(q: Omit<OplogQuery, 'page' | 'page_size'>): SQL[] {
  const c: SQL[] = [];
  // Dates are China Standard Time calendar days.
  if (q.start_date)
    c.push(gte(operationLog.at, sql`(${q.start_date}::date)::timestamp at time zone 'Asia/Shanghai'`));
  if (q.end_date)
    c.push(lt(operationLog.at, sql`(${q.end_date}::date + 1)::timestamp at time zone 'Asia/Shanghai'`));
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

/** One page of the scoped log, newest first, with the count of every matching row. */
export async function listOplog(
  db: Conn,
  scope: Scope,
  q: OplogQuery,
  limit = q.page_size,
  offset = (q.page - 1) * q.page_size,
) {
  const parts = [scopeWhere(scope), ...filterWhere(q)].filter((x): x is SQL => !!x);
  const where = parts.length ? and(...parts) : undefined;
  const [total] = await db.select({ n: count() }).from(operationLog).where(where);
  const list = await db
    .select()
    .from(operationLog)
    .where(where)
    .orderBy(desc(operationLog.at), desc(operationLog.id))
    .limit(limit)
    .offset(offset);
  return { list: list.map(toRow), count: Number(total?.n ?? 0) };
}
