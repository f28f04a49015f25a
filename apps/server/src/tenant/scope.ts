import { MSG } from '@netbar/contract';
import type { FastifyRequest } from 'fastify';
import { UnauthenticatedError } from '../lib/errors.ts';
import type { AuthContext, Scope } from '../types.ts';

/** The logged-in caller; only for routes that are not public. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new UnauthenticatedError(MSG.notLoggedIn);
  return req.auth;
}

/** The tenant the call acts within: user type, agent and current store. */
export function scopeOf(req: FastifyRequest): Scope {
  const a = authOf(req);
  return { userId: a.userId, type: a.type, isAdmin: a.type === 4, agentId: a.agentId, netbarId: a.nid };
}
