import type { Conn } from '../db/client.ts';
import { loadPrincipal } from './principal.repo.ts';

/**
 * Per-process cache of principals (user, employer, grants) for authenticated calls (decision 063).
 * An entry lives PRINCIPAL_TTL_MS; every state-changing request clears the whole cache before it runs
 * and again when it has answered, so a grant, password or status change made through this process
 * applies to the very next call. Other processes (several servers behind Redis) see such a change
 * within PRINCIPAL_TTL_MS, as do writes made outside HTTP (jobs, SQL by hand).
 */
export const PRINCIPAL_TTL_MS = 2_000;
const MAX = 10_000;
type Principal = Awaited<ReturnType<typeof loadPrincipal>>;
const cache = new Map<number, { at: number; value: Promise<Principal> }>();
let epoch = 0;

export function cachedPrincipal(db: Conn, userId: number): Promise<Principal> {
  const hit = cache.get(userId);
  if (hit && Date.now() - hit.at < PRINCIPAL_TTL_MS) return hit.value;
  const started = epoch;
  const value = loadPrincipal(db, userId);
  if (cache.size >= MAX) cache.delete(cache.keys().next().value as number);
  cache.set(userId, { at: Date.now(), value });
  value.then(
    () => {
      // a write began while this was loading: the answer may predate it
      if (epoch !== started && cache.get(userId)?.value === value) cache.delete(userId);
    },
    () => cache.delete(userId),
  );
  return value;
}

/** Forgets every cached principal (any state-changing request, before and after it runs). */
export function invalidatePrincipals() {
  epoch++;
  cache.clear();
}
