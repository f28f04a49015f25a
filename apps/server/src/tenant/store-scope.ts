import { UserType } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Conn, rows } from '../db/client.ts';
import { NotFoundError } from '../lib/errors.ts';
import type { AuthContext } from '../types.ts';
import { authCache } from './principal-cache.ts';
import { authOf, scopeOf, type TenantScope } from './scope.ts';

/** Route config: a netbar or its staff, holding one of `perms`. */
export const storeAccess = (...perms: number[]) => ({
  auth: { types: [UserType.Netbar, UserType.NetbarStaff], perms },
});

/** Stores checked by `guardStore` for the request being handled. */
const checked = new WeakMap<FastifyRequest, number>();

/**
 * Is the session's store still live (not deleted: status 0, see agent_netbar_del) and still the
 * caller's: staff their login (home) store or a store their owner granted them (netbar_staff_stores,
 * decision 145); a netbar its login store, its sub-stores, or — as brand administrator — its chain
 * (the same scope as the store switch).
 */
export async function storeIsLive(db: Conn, a: AuthContext): Promise<boolean> {
  if (!a.nid || !a.loginNid) return false;
  const wide = a.type === UserType.Netbar;
  const staff = a.type === UserType.NetbarStaff;
  const r = await rows<{ id: number }>(
    db,
    sql`select n.id from netbars n join netbars l on l.id = ${a.loginNid}
        where n.id = ${a.nid} and n.status <> 0 and l.status <> 0
          and (n.id = l.id or (${wide} and (n.pid = l.id
               or (l.brand_admin_user_id = ${a.userId} and l.chain_id <> 0 and n.chain_id = l.chain_id)))
               or (${staff} and exists (select 1 from netbar_staff_stores g
                   where g.user_id = ${a.userId} and g.netbar_id = n.id)))`,
  );
  return r.length > 0;
}

/** Store checks of the last PRINCIPAL_TTL_MS, cleared by every state-changing call (decision 066). */
const liveStores = authCache<string, boolean>();

/** preHandler of every goods/stock/pricing plugin: the session's store is re-checked on each call. */
export function guardStore(app: FastifyInstance): void {
  app.addHook('preHandler', async (req) => {
    const a = req.auth;
    if (!a?.nid) return;
    const key = `${a.type}:${a.userId}:${a.loginNid}:${a.nid}`;
    if (!(await liveStores(key, () => storeIsLive(app.deps.db, a)))) throw new NotFoundError('门店不存在');
    checked.set(req, a.nid);
  });
}

/** The caller's current store, checked by `guardStore`; every goods and stock query is confined to it. */
function storeOf(req: FastifyRequest): number {
  const nid = checked.get(req);
  if (!nid || nid !== authOf(req).nid) throw new NotFoundError('门店不存在');
  return nid;
}

/** The caller's scope with its current store checked by `guardStore` (netbarId is the store). */
export function storeScopeOf(req: FastifyRequest): TenantScope {
  const netbarId = storeOf(req);
  return { ...scopeOf(req), netbarId };
}

/** Who did it, for ledgers and documents. */
export function actorOf(req: FastifyRequest): { id: number; name: string } {
  const a = authOf(req);
  return { id: a.userId, name: a.trueName || a.userName };
}
