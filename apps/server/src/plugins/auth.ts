import { appDisabledMsg } from '@netbar/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sha256 } from '../lib/crypto.ts';
import { ForbiddenError, UnauthenticatedError } from '../lib/errors.ts';
import type { SessionRecord } from '../lib/session-store.ts';
import { authOfPrincipal, blockedApp } from '../tenant/index.ts';
import { authCache, cachedPrincipal, invalidatePrincipals } from '../tenant/principal-cache.ts';
import type { AuthContext } from '../types.ts';
import { isStateChanging } from './csrf.ts';

export const SESSION_COOKIE = 'nb_sid';

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (h?.startsWith('Bearer ')) return h.slice(7).trim();
  const t = req.headers.token;
  return typeof t === 'string' && t ? t : undefined;
}

/** Sessions looked up in the last PRINCIPAL_TTL_MS, by `c:<id hash>` or `t:<token hash>` (decision 066). */
const sessionsSeen = authCache<string, SessionRecord | undefined>();

/** Finds the caller's live session: by cookie on the passport service, by bearer token elsewhere. */
export async function findSession(app: FastifyInstance, req: FastifyRequest, via: 'cookie' | 'bearer') {
  const secret = via === 'cookie' ? req.cookies[SESSION_COOKIE] : bearer(req);
  if (!secret) return undefined;
  const hash = sha256(secret);
  const sess = await sessionsSeen(`${via === 'cookie' ? 'c' : 't'}:${hash}`, () =>
    via === 'cookie' ? app.deps.sessions.byId(hash) : app.deps.sessions.byToken(hash),
  );
  // a cached record is still checked against its absolute expiry
  return sess && sess.expiresAt > Date.now() ? sess : undefined;
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
    const seen = sess.lastSeenAt;
    await app.deps.sessions.touch(sess);
    // the cached record now says it was touched, so the calls sharing it do not touch it again
    if (Date.now() - seen >= 30_000) sess.lastSeenAt = Date.now();
    req.auth = auth;
    if (rule?.types && !rule.types.includes(auth.type)) throw new ForbiddenError();
    if (rule?.perms && !rule.perms.some((id) => auth.perms.has(id))) throw new ForbiddenError();
    // an app of the application centre the store switched off refuses its calls (decision 174)
    const off = rule?.perms && (await blockedApp(app.deps.db, auth.nid, rule.perms, auth.perms));
    if (off) throw new ForbiddenError(appDisabledMsg(off.title));
  };
}
