import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/** Why the process is not ready (GET /api/health/ready answers 503 with it; docs/decisions/193). */
export const NOT_READY = {
  draining: '服务正在停止，暂不接收新请求',
  database: '数据库不可用',
  redis: 'Redis 不可用',
} as const;

/** A dependency that does not answer within this many ms counts as down. */
const CHECK_TIMEOUT_MS = 2000;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** Whether this process should get traffic, and why not: draining, then the database, then Redis. */
async function notReadyReason(app: FastifyInstance, redis?: Redis): Promise<string | undefined> {
  if (app.lifecycle.draining) return NOT_READY.draining;
  try {
    await within(app.deps.database.exec('select 1'), CHECK_TIMEOUT_MS);
  } catch {
    return NOT_READY.database;
  }
  if (redis) {
    try {
      if (redis.status !== 'ready') throw new Error(redis.status);
      await within(redis.ping(), CHECK_TIMEOUT_MS);
    } catch {
      return NOT_READY.redis;
    }
  }
  return undefined;
}

/**
 * The balancer's two probes (docs/decisions/193): live says the process answers at all; ready says it
 * should get traffic — false (503, a Chinese reason) while draining on SIGTERM or when the database or
 * (with REDIS_URL) Redis does not answer. While migrating at start, main.ts's boot server answers them.
 * The older GET /api/health stays as it was.
 */
export const healthPlugin = fp(async (app: FastifyInstance, opts: { redis?: Redis }) => {
  app.decorate('lifecycle', { draining: false });
  // draining: what is still asked or still running on an open connection is answered, then that
  // connection is closed
  app.addHook('onSend', async (_req, reply, payload) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    return payload;
  });
  const TAGS = ['系统'];
  app.get(
    '/api/health/live',
    { schema: { summary: '存活检查：进程能应答即返回 200', tags: TAGS } },
    async () => ({ status: 200, msg: 'ok', data: { live: true } }),
  );
  app.get(
    '/api/health/ready',
    { schema: { summary: '就绪检查：可接收请求时 200，迁移、停止中或依赖不可用时 503', tags: TAGS } },
    async (_req, reply) => {
      const reason = await notReadyReason(app, opts.redis);
      if (reason) return reply.code(503).send({ status: 50300, msg: reason, data: { ready: false } });
      return { status: 200, msg: 'ok', data: { ready: true } };
    },
  );
});

declare module 'fastify' {
  interface FastifyInstance {
    /** draining: SIGTERM received, the process finishes what it has and stops (lib/shutdown.ts). */
    lifecycle: { draining: boolean };
  }
}
