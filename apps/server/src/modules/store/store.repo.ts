import type { StoreRow } from '@netbar/contract';
import { and, asc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client.ts';
import { netbars, users } from '../../db/schema/foundation.ts';
import { pageOffset } from '../../lib/paging.ts';

/** One store of get_store_list: the contract's storeRowSchema. */
export type { StoreRow };

/**
 * The stores a netbar account may work in: the store it logged in through, that store's sub-stores,
 * and — for the brand administrator of a chain — every store of the chain.
 */
export function storeScope(loginNid: number, brandChainId: number | null): SQL {
  const own = or(eq(netbars.id, loginNid), eq(netbars.pid, loginNid));
  // A deleted store (status 0) can be neither listed nor switched to.
  return and(ne(netbars.status, 0), brandChainId ? or(own, eq(netbars.chainId, brandChainId)) : own) as SQL;
}

/** A netbar staff member's stores: the home store they logged in to and those granted (netbar_staff_stores). */
export function staffStoreScope(loginNid: number, userId: number): SQL {
  return and(
    ne(netbars.status, 0),
    or(
      eq(netbars.id, loginNid),
      sql`${netbars.id} in (select netbar_id from netbar_staff_stores where user_id = ${userId})`,
    ),
  ) as SQL;
}

export async function listStores(
  db: Conn,
  scope: SQL,
  q: { page: number; page_size: number; keyword?: string },
): Promise<{ list: StoreRow[]; count: number }> {
  const where = q.keyword
    ? and(scope, ilike(netbars.name, `%${q.keyword.replace(/[%_\\]/g, '\\$&')}%`))
    : scope;
  const [list, total] = await Promise.all([
    db
      .select({
        nid: netbars.id,
        pid: netbars.pid,
        cid: sql<number>`coalesce(${netbars.agentId}, 0)`,
        netbar_name: netbars.name,
        account_name: sql<string>`coalesce(${users.userName}, '')`,
        chain_type: netbars.chainType,
      })
      .from(netbars)
      .leftJoin(users, eq(users.id, netbars.ownerUserId))
      .where(where)
      .orderBy(asc(netbars.id))
      .limit(q.page_size)
      .offset(pageOffset(q)),
    db.select({ n: sql<number>`count(*)::int` }).from(netbars).where(where),
  ]);
  return { list: list.map((r) => ({ ...r, cid: Number(r.cid) })), count: Number(total[0]?.n ?? 0) };
}
