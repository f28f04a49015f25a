import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { JOBS } from './jobs/index.ts';
import { JOB_DRAIN_MS, type JobRunner, processRunner } from './lib/job-runner.ts';
import { bullmqRunner } from './lib/job-runner-bullmq.ts';
import { pgKv, redisKv } from './lib/kv.ts';
import { logRequestSerializer } from './lib/log.ts';
import { REQUEST_ID_HEADER, requestIdOf } from './lib/request-id.ts';
import { persistedSecret } from './lib/server-secret.ts';
import { pgSessions, redisSessions } from './lib/session-store.ts';
import { createStorage } from './lib/storage.ts';
import { routesOf } from './modules/index.ts';
import { createOpLog } from './modules/oplog/index.ts';
import { siyuScanRoute } from './modules/siyu/index.ts';
import { smsInboundRoutes } from './modules/sms-marketing/index.ts';
import { uploadStatic } from './modules/upload/index.ts';
import { authHook } from './plugins/auth.ts';
import { authSync } from './plugins/auth-sync.ts';
import { csrfHook } from './plugins/csrf.ts';
import { dbGatePlugin } from './plugins/db-gate.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { healthPlugin } from './plugins/health.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { oplogHook } from './plugins/oplog-hook.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { swaggerPlugin } from './plugins/swagger.ts';
import type { RouteInfo } from './types.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Key prefix in Redis, so parallel test runs do not share keys. */
  redisPrefix?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
}

const IGNORED_GET_PARAMS = ['t', '_t', 'timestamp', '_'];
/** Answers worth compressing: JSON, text and buffered xlsx exports (streamed exports opt out with `compress: false`). */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|spreadsheetml/;

/** One service: its prefix, how callers authenticate, and its modules. */
function service(
  app: FastifyInstance,
  via: 'cookie' | 'bearer',
  modules: FastifyPluginAsync[],
  csrf: boolean,
): FastifyPluginAsync {
  return async (svc) => {
    if (csrf)
      svc.addHook(
        'onRequest',
        csrfHook(app, app.deps.config.PUBLIC_URL ? [new URL(app.deps.config.PUBLIC_URL).origin] : []),
      );
    svc.addHook('onRequest', authHook(app, via));
    svc.addHook('onSend', oplogHook(app));
    svc.addHook('preValidation', async (req: FastifyRequest) => {
      // Every GET may carry a cache-busting timestamp: accepted everywhere, read nowhere.
      if (req.method === 'GET' && req.query && typeof req.query === 'object') {
        for (const k of IGNORED_GET_PARAMS) delete (req.query as Record<string, unknown>)[k];
      }
    });
    for (const m of modules) await svc.register(m);
  };
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: {
              paths: [
                'req.headers.cookie',
                'req.headers.authorization',
                'req.headers.token',
                'req.headers.ticket',
              ],
              remove: true,
            },
            serializers: { req: logRequestSerializer },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    // each request's id: the balancer's well-formed x-request-id, else a UUID; on every log line of the
    // request (pino's child binding reqId) and on the response (decision 193)
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // zod validates and serializes every route: given here, Fastify never loads ajv and
    // fast-json-stringify (a second of a fresh start on a busy machine; decision 069)
    schemaController: {
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => serializerCompiler) as never,
      },
    },
    // Forwarded headers are believed only from the proxies TRUST_PROXY lists (off by default).
    trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
    routerOptions: { ignoreTrailingSlash: true },
    // while draining (SIGTERM), a request on a connection already open is still served, with Connection:
    // close; the ready probe says why in Chinese (plugins/health.ts, lib/shutdown.ts; decision 193)
    return503OnClosing: false,
    // A request that cannot even be parsed still gets the envelope, in Chinese.
    clientErrorHandler: (_err, socket) => {
      const body = JSON.stringify({ status: 40000, msg: '请求格式错误', data: null });
      if (socket.writable) {
        socket.end(
          `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 2 })
    : undefined;
  const prefix = opts.redisPrefix ?? config.REDIS_KEY_PREFIX;
  const limits = {
    idleSeconds: config.SESSION_IDLE_MINUTES * 60,
    absoluteSeconds: config.SESSION_ABSOLUTE_HOURS * 3600,
  };
  // The captcha HMAC key: CAPTCHA_SECRET, or one generated once and kept in the database.
  const captchaSecret = config.CAPTCHA_SECRET ?? (await persistedSecret(database.db, 'captcha_hmac'));
  app.decorate('deps', {
    config: { ...config, CAPTCHA_SECRET: captchaSecret },
    database,
    db: database.db,
    kv: redis ? redisKv(redis, prefix) : pgKv(database.db),
    readDb: database.readDb,
    storage: createStorage(config),
    sessions: redis ? redisSessions(redis, prefix, limits) : pgSessions(database.db, limits),
    oplog: createOpLog(database.db),
  });
  app.decorateRequest('auth', null);
  // the recurring jobs: BullMQ across processes on PostgreSQL with Redis, else timers in this process
  // (decision 197); they start when the app is ready and drain before the database closes
  const jobs: JobRunner =
    database.kind === 'postgres' && config.REDIS_URL
      ? bullmqRunner({ redisUrl: config.REDIS_URL, prefix: `${prefix}jobs`, log: app.log })
      : processRunner(app.log);
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => {
    void jobs.start().catch((e) => app.log.error(e, '任务队列启动失败'));
  });
  app.addHook('onClose', () => jobs.stop(JOB_DRAIN_MS));
  // Every route with its auth rule, for the test that walks them all and for docs.
  const routeList: RouteInfo[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (r) => {
    const methods = Array.isArray(r.method) ? r.method : [r.method];
    for (const m of methods)
      if (m !== 'HEAD') routeList.push({ method: m, url: r.url, auth: r.config?.auth });
  });
  if (redis) {
    app.addHook('onClose', async () => {
      if (opts.redisPrefix) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length) await redis.del(...keys);
      }
      await redis.quit();
    });
  }

  const servedBy = config.SERVER_NAME;
  app.addHook('onRequest', async (req, reply) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    // which process answered, behind a balancer (decision 199)
    if (servedBy) reply.header('x-served-by', servedBy);
  });
  await app.register(errorHandlerPlugin);
  await app.register(dbGatePlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 5 } });
  await app.register(rateLimit, { global: false, ...(redis ? { redis, nameSpace: `${prefix}rl:` } : {}) });
  // Answers above 1 KB (lists, exports) go out brotli/gzip-compressed, big ones as a stream; tiny ones as they are.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], customTypes: COMPRESSIBLE });
  await app.register(swaggerPlugin);
  await app.register(healthPlugin, { redis });
  await app.register(metricsPlugin, { redis });
  // the other processes forget their cached sessions and principals after each write (decision 198)
  if (redis && config.REDIS_URL) await authSync(app, redis, config.REDIS_URL, `${prefix}auth-clear`);

  app.get(
    '/api/health',
    { schema: { summary: '健康检查：数据库可达时返回 200', tags: ['系统'] } },
    async (_req, reply) => {
      try {
        await database.exec('select 1');
        return { status: 200, msg: 'ok', data: { db: database.kind, redis: !!redis } };
      } catch {
        return reply.code(503).send({ status: 50300, msg: '数据库不可用', data: null });
      }
    },
  );

  const wanted = new Set(config.SERVICES.split(',').map((s) => s.trim()));
  if (wanted.has('passport'))
    await app.register(service(app, 'cookie', routesOf('passport'), true), { prefix: '/api/v1' });
  if (wanted.has('payment'))
    await app.register(service(app, 'bearer', routesOf('payment'), false), { prefix: '/api/c1' });
  if (wanted.has('merchant'))
    await app.register(service(app, 'bearer', routesOf('merchant'), false), { prefix: '/api/merchant' });
  if (wanted.has('import'))
    await app.register(service(app, 'bearer', routesOf('import'), false), { prefix: '/businessimport' });

  await app.register(uploadStatic);
  await app.register(siyuScanRoute);
  await app.register(smsInboundRoutes);
  for (const job of JOBS) job(app);
  await app.register(staticWebPlugin, { root: config.WEB_DIST });
  return app;
}
