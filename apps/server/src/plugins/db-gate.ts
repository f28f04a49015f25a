import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DatabaseBusyError, Gate, LoopLag } from '../db/gate.ts';
import { isApiPath } from './error-handler.ts';

/** The health checks (/api/health, /live, /ready) are never turned away: they answer (late, if need be) while the rest is shed. */
const HEALTH = '/api/health';

/** Requests that hold a slot of the gate, and how to give it back. */
const slots = new WeakMap<FastifyRequest, () => void>();

/**
 * On the embedded database every API request passes a bounded queue first (db/gate.ts): when it is
 * full, the expected wait is too long, or the thread is already far behind, the caller gets 503 服务繁忙
 * with Retry-After, quickly (docs/decisions/052, 058). PostgreSQL has its own pool and needs no gate.
 */
/**
 * A refusal is answered after 100 ms, not at once: a caller that retries at once (a script, a
 * benchmark) then cannot flood the thread with refusals, which would leave no time for the database
 * nor for accepting new connections. Still quick next to the 1 s the queue may wait.
 */
const REFUSAL_PACE_MS = 100;
const refuse = async (): Promise<never> => {
  await new Promise((r) => setTimeout(r, REFUSAL_PACE_MS));
  throw new DatabaseBusyError();
};

/**
 * A request about to wait without using the database (a WebSocket that stays open, a long-poll that
 * sleeps) gives its slot back at once, so idle listeners never starve the gate (docs/decisions/111).
 */
export function releaseDbSlot(req: FastifyRequest): void {
  slots.get(req)?.();
  slots.delete(req);
}

export const dbGatePlugin = fp(async (app: FastifyInstance) => {
  const { config, database } = app.deps;
  if (database.kind !== 'pglite') return;
  const timeout = config.PGLITE_QUEUE_TIMEOUT_MS || (config.NODE_ENV === 'test' ? 30_000 : 1000);
  const gate = new Gate(16, config.PGLITE_QUEUE_MAX, timeout);
  app.decorate('dbGate', gate);
  // libuv accepts one connection per turn of the loop: while connections arrive, keep the turns short.
  let lastConnection = Number.NEGATIVE_INFINITY;
  app.server.on('connection', () => {
    lastConnection = performance.now();
  });
  gate.turnBudgetMs = () => (performance.now() - lastConnection < 1000 ? 10 : 50);
  // Shed by the thread's lag first: a request read after the thread was busy this long has already
  // waited unseen in its socket, so answer it 503 at once (0: off, the default in tests).
  const maxLag = config.PGLITE_MAX_LAG_MS ?? (config.NODE_ENV === 'test' ? 0 : 1000);
  let lag: LoopLag | undefined;
  if (maxLag > 0) {
    // Started when the server is ready: the synchronous work of starting up is no backlog.
    app.addHook('onReady', async () => {
      lag = new LoopLag();
    });
    app.addHook('onClose', async () => lag?.stop());
  }
  const release = (req: FastifyRequest) => {
    slots.get(req)?.();
    slots.delete(req);
  };
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (!isApiPath(req.url) || req.routeOptions.url?.startsWith(HEALTH)) return;
    if (lag && lag.ms > maxLag) await refuse();
    const done = await gate.enter().catch(refuse);
    if (req.raw.socket?.destroyed) {
      done(); // the caller hung up while waiting: nothing to do
      throw new DatabaseBusyError();
    }
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
