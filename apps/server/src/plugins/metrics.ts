import { createHash, timingSafeEqual } from 'node:crypto';
import { MSG, Status } from '@netbar/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Seconds: from a 5 ms list call to a 10 s export. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The route's pattern (`/api/v1/member/:id`), never the raw URL: no id, no query ever becomes a label. */
const routeOf = (req: FastifyRequest) => req.routeOptions.url ?? 'unmatched';
const classOf = (code: number) => `${Math.floor(code / 100)}xx`;

/**
 * Prometheus metrics at GET /metrics (prom-client; docs/decisions/193), one registry per app: request
 * latency by route pattern, answers of 4xx/5xx by class, the database pool (PostgreSQL) or the embedded
 * gate, Redis when configured, the jobs (queued, running, failed), and whatever modules add (`app.metrics`, e.g. the live channel's
 * WebSockets). Only with METRICS_TOKEN, sent as `Authorization: Bearer <token>`; without the variable the
 * path does not exist (404).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: { redis?: Redis }) => {
  const { config, database } = app.deps;
  const registry = new Registry();
  app.decorate('metrics', registry);
  // the process defaults (CPU, memory, event-loop delay sampler) only where someone can read them: a test
  // worker builds hundreds of apps, each would keep a sampler running
  if (config.METRICS_TOKEN) collectDefaultMetrics({ register: registry, prefix: 'netbar_' });
  const latency = new Histogram({
    name: 'netbar_http_request_duration_seconds',
    help: '请求耗时（秒），按路由模式、方法与状态类',
    labelNames: ['method', 'route', 'status_class'],
    buckets: BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'netbar_http_errors_total',
    help: '4xx/5xx 应答数，按路由模式与状态类',
    labelNames: ['route', 'status_class'],
    registers: [registry],
  });
  new Gauge({
    name: 'netbar_db_pool',
    help: '数据库连接：PostgreSQL 连接池（total/idle/waiting），内嵌库为排队闸门（running/queued）',
    labelNames: ['kind', 'state'],
    registers: [registry],
    collect() {
      const pool = database.poolStats?.();
      if (pool) for (const [state, n] of Object.entries(pool)) this.set({ kind: database.kind, state }, n);
      const gate = app.dbGate;
      if (gate) {
        this.set({ kind: database.kind, state: 'running' }, gate.busy);
        this.set({ kind: database.kind, state: 'queued' }, gate.queued);
      }
    },
  });
  const { redis } = opts;
  if (redis)
    new Gauge({
      name: 'netbar_redis_up',
      help: 'Redis 连接是否就绪（1 是，0 否）',
      registers: [registry],
      collect() {
        this.set(redis.status === 'ready' ? 1 : 0);
      },
    });

  // the job runner (decision 197): runs waiting, running and failed (kept) per job
  new Gauge({
    name: 'netbar_jobs',
    help: '后台任务：排队（queued）、运行中（running）、失败保留数（failed），按任务',
    labelNames: ['job', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const j of await app.jobs.list()) {
        if (!j.enabled) continue;
        for (const state of ['queued', 'running', 'failed'] as const)
          this.set({ job: j.name, state }, j.counts[state]);
      }
    },
  });

  app.addHook('onResponse', async (req, reply) => {
    const route = routeOf(req);
    const status_class = classOf(reply.statusCode);
    latency.observe({ method: req.method, route, status_class }, reply.elapsedTime / 1000);
    if (reply.statusCode >= 400) errors.inc({ route, status_class });
  });

  const token = config.METRICS_TOKEN ? digest(config.METRICS_TOKEN) : undefined;
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    if (!token)
      return reply.code(404).send({ status: Status.UNKNOWN_PATH, msg: MSG.unknownPath, data: null });
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!given || !timingSafeEqual(digest(given), token))
      return reply.code(401).send({ status: Status.FORBIDDEN, msg: '指标访问令牌无效', data: null });
    return reply.type(registry.contentType).send(await registry.metrics());
  });
});

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry: modules add their gauges to it (plugins/metrics.ts). */
    metrics: Registry;
  }
}
