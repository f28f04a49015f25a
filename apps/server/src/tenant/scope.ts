import { MSG, type UserTypeValue } from '@netbar/contract';
import type { FastifyRequest } from 'fastify';
import { ForbiddenError, UnauthenticatedError } from '../lib/errors.ts';
import type { AuthContext } from '../types.ts';

/**
 * The tenant a call acts within: the first argument of every service and repo function that reads or
 * writes tenant data. One type for every user type; build it with `scopeOf` (any caller),
 * `agentScopeOf` (agents, their staff, administrators) or `storeScopeOf` (a netbar or its staff, with
 * the store checked by `guardStore`).
 */
export interface TenantScope {
  userId: number;
  type: UserTypeValue;
  isAdmin: boolean;
  /** The agent the caller is or works for (types 1, 2); null otherwise (an administrator: every agent). */
  agentId: number | null;
  /** Agent staff (type 2): themselves, so their reads narrow to the netbars and regions granted to them. */
  staffUserId: number | null;
  /** The current store (types 3, 5); 0 otherwise. */
  netbarId: number;
}

/** The logged-in caller; only for routes that are not public. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new UnauthenticatedError(MSG.notLoggedIn);
  return req.auth;
}

/** The scope of an authenticated caller (also usable outside a request, e.g. at login). */
export function tenantScope(a: Pick<AuthContext, 'userId' | 'type' | 'agentId' | 'nid'>): TenantScope {
  return {
    userId: a.userId,
    type: a.type,
    isAdmin: a.type === 4,
    agentId: a.type === 1 || a.type === 2 ? a.agentId : null,
    staffUserId: a.type === 2 ? a.userId : null,
    netbarId: a.type === 3 || a.type === 5 ? a.nid : 0,
  };
}

/** The tenant the call acts within: user type, agent and current store. */
export function scopeOf(req: FastifyRequest): TenantScope {
  return tenantScope(authOf(req));
}

/**
 * Whose agent data a call may touch: an agent its own; agent staff their agent's, narrowed to the
 * netbars and regions they were granted; an administrator every agent's (agentId null).
 */
export function agentScopeOf(req: FastifyRequest): TenantScope {
  const s = scopeOf(req);
  if (s.isAdmin) return s;
  if ((s.type === 1 || s.type === 2) && s.agentId) return s;
  throw new ForbiddenError();
}

/** The agent id a write acts for; administrators must name one. */
export function ownAgent(s: TenantScope): number {
  if (s.agentId === null) throw new ForbiddenError('请以代理商账号操作');
  return s.agentId;
}

/** A store's scope outside a request (demo data, jobs): acting as the system in that store. */
export function systemStoreScope(netbarId: number): TenantScope {
  return { userId: 0, type: 3, isAdmin: false, agentId: null, staffUserId: null, netbarId };
}
