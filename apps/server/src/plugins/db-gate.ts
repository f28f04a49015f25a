import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Gate } from '../db/gate.ts';
import { isApiPath } from './error-handler.ts';

/** Requests that hold a slot of the gate, and how to give it back. */
const slots = new WeakMap<FastifyRequest, () => void>();

/**
 * On the embedded database every API request passes a bounded queue first (db/gate.ts): when it is
 * full, or the wait is too long, the caller gets 503 服务繁忙 with Retry-After, quickly. PostgreSQL has
 * its own pool and needs no gate.
 */
export const dbGatePlugin = fp(async (app: FastifyInstance) => {
  const { config, database } = app.deps;
  if (database.kind !== 'pglite') return;
  const timeout = config.PGLITE_QUEUE_TIMEOUT_MS || (config.NODE_ENV === 'test' ? 30_000 : 1500);
  const gate = new Gate(4, config.PGLITE_QUEUE_MAX, timeout);
  app.decorate('dbGate', gate);
  const release = (req: FastifyRequest) => {
    slots.get(req)?.();
    slots.delete(req);
  };
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isApiPath(req.url)) return;
    const done = await gate.enter();
    slots.set(req, done);
    // A caller who hangs up still gives the slot back.
    reply.raw.once('close', () => release(req));
  });
  app.addHook('onResponse', async (req) => release(req));
});

declare module 'fastify' {
  interface FastifyInstance {
    dbGate?: Gate;
  }
}
