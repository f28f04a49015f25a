import { REPORT_MSG, UserType } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';
import { BadInputError } from '../lib/errors.ts';
import type { TenantScope } from './scope.ts';

export interface ReportStore {
  id: number;
  name: string;
}

/**
 * The stores an operating report (/operating_statements) reads for the caller, in id order. A netbar
 * account reads its current store and, when that store heads others, its sub-stores (pid) and — as the
 * brand administrator — its chain; after a store switch the current store is a sub-store with none of
 * its own, so every report narrows to it. Netbar staff read their current store only. `storeId` picks
 * one of them; any other id (unknown, deleted, another tenant's) is refused alike with 门店参数错误.
 * The scope must come from `storeScopeOf` (the current store re-checked by `guardStore`).
 */
export async function reportStores(db: Conn, s: TenantScope, storeId?: number): Promise<ReportStore[]> {
  const wide = s.type === UserType.Netbar;
  const list = await rows<ReportStore>(
    db,
    sql`select n.id, n.name from netbars n join netbars l on l.id = ${s.netbarId}
        where n.status <> 0 and (n.id = l.id or (${wide} and (n.pid = l.id
              or (l.brand_admin_user_id = ${s.userId} and l.chain_id <> 0 and n.chain_id = l.chain_id))))
        order by (n.id <> l.id), n.id`,
  );
  return pickStore(list, storeId);
}

/** `storeId`'s store out of `stores` (all of them when absent); any other id refused with 门店参数错误. */
export function pickStore(stores: ReportStore[], storeId?: number): ReportStore[] {
  if (storeId === undefined) return stores;
  const one = stores.filter((x) => x.id === storeId);
  if (!one.length) throw new BadInputError(REPORT_MSG.store);
  return one;
}

/** The ids of `reportStores` as a SQL list for `netbar_id in (…)`. */
export const storeIdsSql = (stores: ReportStore[]) =>
  sql.join(
    stores.map((x) => sql`${x.id}`),
    sql`, `,
  );

/** The stores the caller may pick (`choices`, for the page's 门店 select) and the ones this answer reads. */
export async function reportChoice(db: Conn, s: TenantScope, storeId?: number) {
  const choices = await reportStores(db, s);
  return { choices, stores: pickStore(choices, storeId) };
}
