import type { FastifyRequest } from 'fastify';
import { ok } from '../lib/reply.ts';
import type { TenantScope } from './scope.ts';
import { actorOf, storeScopeOf } from './store-scope.ts';

type Actor = ReturnType<typeof actorOf>;

/** What a counter write answers: `done` the first time, `replayed` when its request_id was already handled. */
export interface RetriedMessages<B> {
  done: string | ((body: B) => string);
  replayed: string;
}

/**
 * The handler of a counter write a client may retry with the same request_id (top-up, rent, open a
 * shift...): the service runs in the caller's checked store as the caller, and a replay answers 200 with
 * the first result and its own message, so the cashier sees that nothing was done twice.
 *
 *   r.post('/lease_rent', { schema, config }, retriedWrite(db, rentOut, { done: '租出成功', replayed: '该租赁已办理' }))
 */
export function retriedWrite<D, B, R extends { replay: boolean }>(
  db: D,
  run: (db: D, scope: TenantScope, actor: Actor, body: B) => Promise<R>,
  msg: RetriedMessages<B>,
) {
  return async (req: FastifyRequest & { body: B }) => {
    const res = await run(db, storeScopeOf(req), actorOf(req), req.body);
    if (res.replay) return ok(res, msg.replayed);
    return ok(res, typeof msg.done === 'string' ? msg.done : msg.done(req.body));
  };
}
