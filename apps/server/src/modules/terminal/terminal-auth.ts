import { ID_MAX, TERMINAL_HEADERS, TERMINAL_MSG } from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { TooManyError, UnauthenticatedError } from '../../lib/errors.ts';
import { markTerminal } from '../../tenant/index.ts';
import { serverKeyValid } from '../netbar/index.ts';

/** Failed terminal authentications one address may make per window before it is turned away. */
export const TERMINAL_FAIL_MAX = 20;
export const TERMINAL_FAIL_WINDOW_SECONDS = 600;

function storeIdOf(v: unknown): number | undefined {
  if (typeof v !== 'string' || !/^\d{1,10}$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 1 && n <= ID_MAX ? n : undefined;
}

/**
 * onRequest hook of the terminal API (docs/decisions/110): `X-Netbar-Id` names the store and
 * `X-Server-Key` must be that store's live server key (the heartbeat's credential, decision 033). No
 * console session is read. Failures count per address (kv: PostgreSQL or Redis); past
 * TERMINAL_FAIL_MAX in the window every call from it gets 42900 until the window ends.
 */
export function terminalAuthHook(app: FastifyInstance) {
  const { db, kv } = app.deps;
  return async (req: FastifyRequest) => {
    if (req.is404) return;
    const failKey = `term:fail:${req.ip}`;
    if (((await kv.get<number>(failKey)) ?? 0) >= TERMINAL_FAIL_MAX)
      throw new TooManyError(TERMINAL_MSG.tooMany);
    const key = req.headers[TERMINAL_HEADERS.key];
    const netbarId = storeIdOf(req.headers[TERMINAL_HEADERS.netbar]);
    if (typeof key !== 'string' || !key || !netbarId) {
      await kv.incr(failKey, TERMINAL_FAIL_WINDOW_SECONDS);
      throw new UnauthenticatedError(TERMINAL_MSG.keyMissing);
    }
    if (key.length > 200 || !(await serverKeyValid(db, netbarId, key))) {
      await kv.incr(failKey, TERMINAL_FAIL_WINDOW_SECONDS);
      throw new UnauthenticatedError(TERMINAL_MSG.keyInvalid);
    }
    markTerminal(req, netbarId);
  };
}
