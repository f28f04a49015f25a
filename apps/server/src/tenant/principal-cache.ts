import type { Conn } from '../db/client.ts';
import { loadPrincipal } from './principal.repo.ts';

/**
 * Per-process caches of what every authenticated call used to read before its route ran (decisions
 * 063, 066): the session by its cookie or token hash, the principal (user, employer, grants) and the
 * "store still live and still the caller's" check. An entry lives PRINCIPAL_TTL_MS; every
 * state-changing request clears all of them before it runs and again when it has answered, so a grant,
 * password, status, store or logout change made through this process applies to the very next call.
 * Other processes (several servers on one database or Redis) see such a change within
 * PRINCIPAL_TTL_MS, as do writes made outside HTTP (jobs, SQL by hand).
 */
export const PRINCIPAL_TTL_MS = 2_000;
const MAX = 10_000;
let epoch = 0;
const all: Map<unknown, unknown>[] = [];

/** A cache of `load(key)` answers that lives PRINCIPAL_TTL_MS and forgets everything on a write. */
export function authCache<K, V>() {
  const cache = new Map<K, { at: number; value: Promise<V> }>();
  all.push(cache);
  return (key: K, load: () => Promise<V>): Promise<V> => {
    const hit = cache.get(key);
    if (hit && Date.now() - hit.at < PRINCIPAL_TTL_MS) return hit.value;
    const started = epoch;
    const value = load();
    if (cache.size >= MAX) cache.delete(cache.keys().next().value as K);
    cache.set(key, { at: Date.now(), value });
    value.then(
      () => {
        // a write began while this was loading: the answer may predate it
        if (epoch !== started && cache.get(key)?.value === value) cache.delete(key);
      },
      () => cache.delete(key),
    );
    return value;
  };
}

type Principal = Awaited<ReturnType<typeof loadPrincipal>>;
const principals = authCache<number, Principal>();

export function cachedPrincipal(db: Conn, userId: number): Promise<Principal> {
  return principals(userId, () => loadPrincipal(db, userId));
}

/** Forgets every cached session, principal and store check (any state-changing request, before and after it runs). */
export function invalidatePrincipals() {
  epoch++;
  for (const c of all) c.clear();
}
