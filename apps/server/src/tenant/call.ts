import type { FastifyRequest } from 'fastify';
import type { AuthContext, Deps, OpCaller } from '../types.ts';

type AuditEntry = Parameters<Deps['oplog']['write']>[1];

/**
 * What a service may know about the call it serves, without Fastify: the client's address and agent,
 * the operation-log writer bound to this call, and a way to name the caller once it is known (login,
 * store switch) so the audit row and later hooks see them.
 */
export interface CallContext {
  ip: string;
  userAgent: string;
  audit(e: AuditEntry): Promise<void>;
  setAuth(a: AuthContext): void;
}

/** Who made a request and from where, as the operation log takes it (read when the row is written). */
export const opCallerOf = (req: FastifyRequest): OpCaller => ({ auth: req.auth, ip: req.ip });

/** The call context of a request, built by the route and handed to the service. */
export function callOf(req: FastifyRequest): CallContext {
  return {
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
    audit: (e) => req.server.deps.oplog.write(opCallerOf(req), e),
    setAuth: (a) => {
      req.auth = a;
    },
  };
}
