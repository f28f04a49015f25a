import { grantsFor, isUserType } from '@netbar/contract';
import type { SessionCtx } from '../db/schema/foundation.ts';
import type { AuthContext } from '../types.ts';
import type { loadPrincipal, NetbarRow } from './principal.repo.ts';

export type Principal = NonNullable<Awaited<ReturnType<typeof loadPrincipal>>>;

/** Permission sets per loaded principal: computed once per cache entry, not on every call. */
const permsOf = new WeakMap<Principal, Set<number>>();

/**
 * The caller's AuthContext from a principal loaded once (by the auth hook per request, by login once);
 * undefined when the account or its agent is disabled.
 */
export function authOfPrincipal(
  p: Principal | undefined,
  sess: { idHash: string; ctx: SessionCtx },
): AuthContext | undefined {
  if (p?.user.status !== 1 || !isUserType(p.user.type)) return undefined;
  const type = p.user.type;
  // An agent that was disabled takes its own account and its staff's with it.
  if ((type === 1 || type === 2) && p.agentStatus !== 1) return undefined;
  return {
    sessionIdHash: sess.idHash,
    userId: p.user.id,
    userName: p.user.userName,
    trueName: p.user.trueName,
    type,
    agentId: type === 1 ? p.user.agentId : type === 2 ? p.employerAgentId : null,
    nid: sess.ctx.nid,
    loginNid: sess.ctx.loginNid,
    changeType: sess.ctx.changeType,
    perms: permsOf.get(p) ?? permsOf.set(p, new Set(grantsFor(type, p.extraPerms))).get(p)!,
  };
}

/** The store a netbar account or its staff logs into (0 for other types). */
export function homeStoreOf(p: Principal): number {
  if (p.user.type === 3) return p.user.netbarId ?? 0;
  if (p.user.type === 5) return p.employerNetbarId ?? 0;
  return 0;
}

/** The session's store context at login, from the home store's row. */
export function loginStoreContext(nid: number, netbar: NetbarRow | undefined): SessionCtx {
  if (!nid) return { nid: 0, loginNid: 0, changeType: 0 };
  return { nid, loginNid: nid, changeType: netbar && netbar.pid !== netbar.id ? 1 : 2 };
}
