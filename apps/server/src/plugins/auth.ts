import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../lib/crypto.ts';
import { ForbiddenError, UnauthenticatedError } from '../lib/errors.ts';
import type { SessionRecord } from '../lib/session-store.ts';
import { authOfPrincipal } from '../tenant/index.ts';
import { cachedPrincipal, invalidatePrincipals } from '../tenant/principal-cache.ts';
import type { AuthContext } from '../types.ts';
import { isStateChanging } from './csrf.ts';

export const SESSION_COOKIE = 'nb_sid';

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim();
  const t = req.headers.token;
  return typeof t === 'string' && t ? t : undefined;
}

/** Finds the caller's live session: by cookie on the passport service, by bearer token elsewhere. */
export async function findSession(app: FastifyInstance, req: FastifyRequest, via: 'cookie' | 'bearer') {
  if (via === 'cookie') {
    const sid = req.cookies[SESSION_COOKIE];
    return sid ? app.deps.sessions.byId(sha256(sid)) : undefined;
  }
  const token = bearer(req);
  return token ? app.deps.sessions.byToken(sha256(token)) : undefined;
}

export async function resolveAuth(
  app: FastifyInstance,
  sess: SessionRecord,
): Promise<AuthContext | undefined> {
  return authOfPrincipal(await cachedPrincipal(app.deps.db, sess.userId), sess);
}

/**
 * onRequest hook of each service: every route needs a live session unless its config says
 * `auth: {public: true}`; `types` and `perms` are then checked against the caller.
 */
export function authHook(app: FastifyInstance, via: 'cookie' | 'bearer') {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.is404) return;
    // a call that may change grants, passwords or statuses: no cached principal outlives it (decision 063)
    if (isStateChanging(req)) {
      invalidatePrincipals();
      reply.raw.once('finish', invalidatePrincipals);
    }
    const rule = req.routeOptions.config?.auth;
    if (rule?.public) return;
    const sess = await findSession(app, req, via);
    const auth = sess && (await resolveAuth(app, sess));
    if (!sess || !auth) throw new UnauthenticatedError();
    await app.deps.sessions.touch(sess);
    req.auth = auth;
    if (rule?.types && !rule.types.includes(auth.type)) throw new ForbiddenError();
    if (rule?.perms && !rule.perms.some((id) => auth.perms.has(id))) throw new ForbiddenError();
  };
}
