import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { UserTypeValue } from '@netbar/contract';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { clearCounts } from '../lib/paging.ts';
import { invalidatePrincipals } from '../tenant/principal-cache.ts';
import { adminUrl, testDbName, withDatabase } from './db-names.ts';

export const CAPTCHA = '1234';
export const DEMO_PASSWORD = 'demo123456';

export const DEMO = {
  admin: { user_name: 'demo_admin', type: 4 },
  agent: { user_name: 'demo_agent', type: 1 },
  agentStaff: { user_name: 'demo_agent_staff', type: 2 },
  netbar: { user_name: 'demo_netbar', type: 3 },
  netbarStaff: { user_name: 'demo_netbar_staff', type: 5 },
  pay: { user_name: 'demo_pay', type: 6 },
  agent2: { user_name: 'demo_agent2', type: 1 },
  netbar2: { user_name: 'demo_netbar2', type: 3 },
} as const satisfies Record<string, { user_name: string; type: UserTypeValue }>;

export const isPgMode = () => process.env.TEST_DB_MODE === 'pg' && !!process.env.TEST_DATABASE_URL;

/**
 * A fresh database with the demo data: the PGlite snapshot, or a clone of the PostgreSQL template (with
 * `readUrl`, reports read that database: a read replica's stand-in, decision 201).
 */
async function freshDatabase(readUrl?: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (!isPgMode() || !pgUrl) {
    // a copy of the run's snapshot folder, removed when the file is done
    const dir = mkdtempSync(join(tmpdir(), 'nb-pglite-'));
    const database = await openDatabase({ dataDir: dir, loadDataDir: inject('pgliteSnapshot') });
    return { database, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = testDbName();
  const admin = await openDatabase({ databaseUrl: adminUrl(pgUrl) });
  await admin.exec(`create database ${name} template ${inject('pgTemplate')}`);
  const database = await openDatabase({ databaseUrl: withDatabase(pgUrl, name), readUrl });
  return {
    database,
    drop: async () => {
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}

export interface Answer<T = unknown> {
  http: number;
  status: number;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
  raw: string;
}

/** A browser-like caller: keeps cookies, sends the CSRF header, posts forms. */
export class Client {
  cookies = new Map<string, string>();
  token = '';
  constructor(readonly app: FastifyInstance) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
    opts: { json?: boolean; headers?: Record<string, string>; bearer?: boolean } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...opts.headers };
    if (this.cookies.size && !opts.bearer) headers.cookie = this.cookieHeader();
    if (opts.bearer && this.token) headers.authorization = `Bearer ${this.token}`;
    let body: string | undefined;
    let query: Record<string, string> | undefined;
    if (method === 'GET' && payload)
      query = Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)]));
    if (method === 'POST') {
      if (opts.json) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(payload ?? {});
      } else {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        const form = new URLSearchParams();
        for (const [k, v] of Object.entries(payload ?? {})) {
          if (Array.isArray(v)) for (const x of v) form.append(k, String(x));
          else if (v !== undefined) form.append(k, String(v));
        }
        body = form.toString();
      }
    }
    const res = await this.app.inject({ method, url, headers, payload: body, query });
    for (const c of res.cookies) {
      if (c.value === '' || (c.expires && c.expires.getTime() < Date.now())) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    let parsed: { status: number; msg: string; data: T } = { status: -1, msg: '', data: undefined as T };
    try {
      parsed = JSON.parse(res.body);
    } catch {
      /* not JSON (an image, a page) */
    }
    return { http: res.statusCode, ...parsed, headers: res.headers, raw: res.body };
  }

  get<T = unknown>(url: string, query?: Record<string, unknown>) {
    return this.request<T>('GET', url, query);
  }
  post<T = unknown>(url: string, form?: Record<string, unknown>) {
    return this.request<T>('POST', url, form);
  }

  /** Logs in with the fixed test captcha; throws when login fails. */
  async login(who: { user_name: string; type: number }, password = DEMO_PASSWORD) {
    const r = await this.post<{ token: string; auth: { path: { id: number }[] } }>('/api/v1/login', {
      ...who,
      password,
      captcha: CAPTCHA,
    });
    if (r.status !== 200) throw new Error(`login ${who.user_name} failed: ${r.status} ${r.msg}`);
    this.token = r.data.token;
    return r;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** This app's Redis key prefix (its keys and its auth-clear channel). */
  redisPrefix: string;
  client(): Client;
  /** A client already logged in as that demo account. */
  as(who: { user_name: string; type: number }): Promise<Client>;
  close(): Promise<void>;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase(env.DATABASE_READ_URL);
  // the files of a worker share one process (isolate: false): no cached principal, session or count of
  // the previous file's database may answer for this one
  invalidatePrincipals();
  clearCounts();
  // the app's own upload folder, removed when it closes (a test that names one keeps it)
  const uploads = env.UPLOAD_DIR ? undefined : mkdtempSync(join(tmpdir(), 'nb-uploads-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA_FIXED: CAPTCHA,
    LOGIN_DELAY_BASE_MS: '0',
    LOGIN_RATE_PER_MINUTE: '100000',
    LOG_LEVEL: 'silent',
    ...(uploads ? { UPLOAD_DIR: uploads } : {}),
    ...(isPgMode() && process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...env,
  });
  const redisPrefix = `nbt:${testDbName()}:`;
  const app = await buildApp({ config, database, logger: false, redisPrefix });
  await app.ready();
  return {
    app,
    database,
    config,
    redisPrefix,
    client: () => new Client(app),
    async as(who) {
      const c = new Client(app);
      await c.login(who);
      return c;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      if (uploads) rmSync(uploads, { recursive: true, force: true });
    },
  };
}

/**
 * A second app instance on `t`'s database and Redis, listening on a free loopback port: another server
 * process as a balancer would see it. Its Redis keys sit under their own prefix (`tag`), so it keeps its
 * own sessions; channels named from the database are shared.
 */
export async function listenSecondInstance(t: TestApp, tag: string): Promise<FastifyInstance> {
  const second = await buildApp({
    config: t.config,
    database: t.database,
    logger: false,
    redisPrefix: `${tag}:${Math.random().toString(36).slice(2)}:`,
  });
  await second.listen({ port: 0, host: '127.0.0.1' });
  return second;
}
