// Two real server processes (src/main.ts under tsx) behind Debian's haproxy, on loopback, for the
// failover test (platform/cluster.test.ts) and `npm run bench -- cluster-ratio` (docs/decisions/199):
// the same haproxy.cfg and process start as `npm run cluster` (scripts/cluster-kit.mjs), a write load
// of member top-ups with request ids, and the SQL check that every acknowledged write exists once and
// every touched balance equals the sum of its ledger.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { exitOf, freePort, startHaproxy, startServer, waitReady } from '../../../../scripts/cluster-kit.mjs';

const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
/** Longer than haproxy takes to see ready=503 (fall 2 × inter 1 s). */
export const DRAIN_MS = 3000;

export interface ClusterApp {
  name: string;
  port: number;
  child: ChildProcess;
}
export interface Cluster {
  base: string;
  apps: ClusterApp[];
  /** Every line the processes printed, prefixed `[app1]`, `[haproxy]`. */
  logs: string[];
  /** Starts app i again on its port and waits until haproxy sends it traffic again. */
  restart(i: number): Promise<void>;
  stop(): Promise<void>;
}

/** The env of a cluster server on `databaseUrl` (already migrated and seeded). */
export function serverEnv(databaseUrl: string, redisUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    // the cluster's own keys, removed by stop(): never a real server's `nb:` sessions
    REDIS_KEY_PREFIX: `nbc:${randomBytes(4).toString('hex')}:`,
    SEED_DEMO: 'false',
    ADMIN_PASSWORD: 'cluster-admin-password',
    HOST: '127.0.0.1',
    TRUST_PROXY: '127.0.0.1',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    CAPTCHA_FIXED: '1234',
    LOGIN_DELAY_BASE_MS: '0',
    LOGIN_RATE_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'nb-cluster-')),
  };
}

/** Starts one process on `port` (tsx, src/main.ts) and waits until it is ready. */
export async function startApp(
  name: string,
  port: number,
  env: Record<string, string>,
  log: (l: string) => void,
) {
  const child = startServer({ name, port, args: ['--import', 'tsx', MAIN], env, log });
  await waitReady(`http://127.0.0.1:${port}`, 300_000, child);
  return child;
}

/** Two processes (one after the other) and haproxy in front; resolves when the balancer answers ready. */
export async function startCluster(databaseUrl: string, redisUrl: string): Promise<Cluster> {
  const logs: string[] = [];
  const log = (l: string) => logs.push(l);
  const env = serverEnv(databaseUrl, redisUrl);
  const apps: ClusterApp[] = [];
  for (const name of ['app1', 'app2']) {
    const port = await freePort();
    apps.push({ name, port, child: await startApp(name, port, env, log) });
  }
  const publicPort = await freePort();
  const haproxy = startHaproxy({
    bind: `127.0.0.1:${publicPort}`,
    servers: apps.map((a) => `127.0.0.1:${a.port}`) as [string, string],
    log,
  });
  const base = `http://127.0.0.1:${publicPort}`;
  await waitReady(base, 30_000, haproxy);
  await bothServing(base, 30_000);
  return {
    base,
    apps,
    logs,
    async restart(i) {
      const a = apps[i]!;
      a.child = await startApp(a.name, a.port, env, log);
      await bothServing(base, 30_000);
    },
    async stop() {
      for (const c of [haproxy, ...apps.map((a) => a.child)]) if (c.exitCode === null) c.kill('SIGTERM');
      await Promise.all([haproxy, ...apps.map((a) => a.child)].map(exitOf));
      const redis = new Redis(redisUrl);
      const keys = await redis.keys(`${env.REDIS_KEY_PREFIX}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    },
  };
}

/** Waits until the balancer's answers come from both processes (rise 2 after a start). */
async function bothServing(base: string, ms: number) {
  const until = Date.now() + ms;
  const seen = new Set<string>();
  while (Date.now() < until && seen.size < 2) {
    const r = await fetch(`${base}/api/health/live`).catch(() => undefined);
    const by = r?.headers.get('x-served-by');
    if (by) seen.add(by);
    await new Promise((r) => setTimeout(r, 100));
  }
  if (seen.size < 2) throw new Error(`负载均衡器只把请求交给了 ${[...seen].join('、') || '无'}`);
}

/** Logs a console user in; the session cookie. */
export async function loginCookie(base: string, user_name: string, type: number): Promise<string> {
  const r = await fetch(`${base}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ user_name, type, password: 'demo123456', captcha: '1234' }),
  });
  const body = (await r.json()) as { status: number; msg: string };
  if (body.status !== 200) throw new Error(`login ${user_name}: ${body.msg}`);
  return r.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

export interface WriteResult {
  requestId: string;
  memberId: number;
  /** The envelope's status (200: acknowledged), or 0 when the request got no answer. */
  status: number;
  http: number;
  servedBy: string;
  msg: string;
  at: number;
}

/** One member top-up of 1 元 through `base` with `requestId`. */
export async function topUp(
  base: string,
  cookie: string,
  memberId: number,
  requestId: string,
): Promise<WriteResult> {
  const at = performance.now();
  try {
    const r = await fetch(`${base}/api/v1/member_topup`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      body: JSON.stringify({ member_id: memberId, amount_fen: 100, request_id: requestId }),
    });
    const text = await r.text();
    let body: { status?: number; msg?: string } = {};
    try {
      body = JSON.parse(text);
    } catch {
      body = { msg: text.slice(0, 80) };
    }
    return {
      requestId,
      memberId,
      status: body.status ?? 0,
      http: r.status,
      servedBy: r.headers.get('x-served-by') ?? '',
      msg: body.msg ?? '',
      at,
    };
  } catch (e) {
    return { requestId, memberId, status: 0, http: 0, servedBy: '', msg: String(e), at };
  }
}

/** `writers` loops of top-ups (one member each, in turn) until `done()`; every attempt's result. */
export async function writeLoad(
  base: string,
  cookie: string,
  members: number[],
  writers: number,
  done: () => boolean,
  tag: string,
): Promise<WriteResult[]> {
  const out: WriteResult[] = [];
  let seq = 0;
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      while (!done()) {
        const memberId = members[w % members.length]!;
        out.push(await topUp(base, cookie, memberId, `${tag}-${w}-${++seq}`));
      }
    }),
  );
  return out;
}

/**
 * In the database: how many ledger rows each of `requestIds` has in store `netbarId`, and the members of
 * `members` whose balance, bonus or points differ from their ledger's sum.
 */
export async function ledgerCheck(
  databaseUrl: string,
  netbarId: number,
  requestIds: string[],
  members: number[],
) {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const rows = await c.query<{ request_id: string; n: number }>(
      `select request_id, count(*)::int as n from member_ledger
        where netbar_id = $1 and request_id = any($2) group by request_id`,
      [netbarId, requestIds],
    );
    const count = new Map(rows.rows.map((r) => [r.request_id, r.n]));
    const unequal = await c.query<{ id: number }>(
      `select m.id from members m
         left join (select member_id, sum(principal_delta) p, sum(bonus_delta) b, sum(points_delta) pt
                      from member_ledger where member_id = any($1) group by member_id) l on l.member_id = m.id
        where m.id = any($1)
          and (m.principal_fen, m.bonus_fen, m.points) <> (coalesce(l.p, 0), coalesce(l.b, 0), coalesce(l.pt, 0))`,
      [members],
    );
    return { count, unequal: unequal.rows.map((r) => r.id) };
  } finally {
    await c.end();
  }
}
