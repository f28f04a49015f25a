import type { FastifyRequest } from 'fastify';
import { UnauthenticatedError } from '../lib/errors.ts';
import { systemStoreScope, type TenantScope } from './scope.ts';

/** Stores whose server key a terminal call presented and the terminal module's hook verified. */
const verified = new WeakMap<FastifyRequest, number>();

/** Called by the terminal authentication hook once the per-store server key checked out. */
export function markTerminal(req: FastifyRequest, netbarId: number): void {
  verified.set(req, netbarId);
}

/**
 * The scope of a terminal call (docs/decisions/110): the one store whose server key authenticated it,
 * acting as the system in that store. Never a console session; a call that was not verified is refused.
 */
export function terminalScopeOf(req: FastifyRequest): TenantScope {
  const netbarId = verified.get(req);
  if (!netbarId) throw new UnauthenticatedError('服务端凭证无效');
  return systemStoreScope(netbarId);
}
