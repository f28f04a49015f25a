import { STORE_APP_BY_PERM, STORE_APPS, type StoreAppDef } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';
import { authCache } from './principal-cache.ts';

/**
 * Which apps of the application centre a store has switched off (decision 174): its store_apps rows over
 * each app's default. Cached like the principal (PRINCIPAL_TTL_MS, cleared by any state-changing call),
 * so the auth hook and the user record read it at most once per store per two seconds.
 */
const disabledOf = authCache<number, ReadonlySet<number>>();

export async function loadDisabledApps(db: Conn, nid: number): Promise<ReadonlySet<number>> {
  const r = await rows<{ app: string; enabled: boolean }>(
    db,
    sql`select app, enabled from store_apps where netbar_id = ${nid}`,
  );
  const set = new Map(r.map((x) => [x.app, x.enabled]));
  return new Set(
    STORE_APPS.filter((a) => !(set.get(a.key) ?? a.defaultOn)).flatMap((a) => [a.perm, ...(a.pages ?? [])]),
  );
}

/** The permission ids of the store's disabled apps (and the pages that follow them). */
export const disabledAppPerms = (db: Conn, nid: number) => disabledOf(nid, () => loadDisabledApps(db, nid));

/**
 * A route guarded by app permission ids: the app the caller may not use because the store disabled it
 * (every id the route accepts and the caller holds is a disabled app), else undefined.
 */
export async function blockedApp(
  db: Conn,
  nid: number,
  routePerms: readonly number[],
  held: ReadonlySet<number>,
): Promise<StoreAppDef | undefined> {
  if (!nid || !routePerms.some((p) => STORE_APP_BY_PERM.has(p))) return undefined;
  const usable = routePerms.filter((p) => held.has(p));
  if (usable.length === 0) return undefined;
  const off = await disabledAppPerms(db, nid);
  if (!usable.every((p) => off.has(p))) return undefined;
  return STORE_APP_BY_PERM.get(usable[0]!);
}
