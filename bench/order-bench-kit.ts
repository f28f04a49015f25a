// Shared by bench/order-ringup.ts and bench/order-list.ts (issue 13's figures): a scratch PostgreSQL
// database (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; created and dropped),
// migrated and seeded with the demo accounts, the real app listening on loopback, console logins, and
// the server time of every request (from the HTTP server's 'request' event to the response's 'finish').
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { scratchDatabase } from './bench-databases.ts';

export const pct = (xs: number[], q: number) => {
  const ys = [...xs].sort((a, b) => a - b);
  return ys.length ? ys[Math.min(ys.length - 1, Math.floor(q * ys.length))]! : Number.NaN;
};
export const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 0.5).toFixed(1)} ms，p99 ${pct(xs, 0.99).toFixed(1)} ms，最大 ${pct(xs, 1).toFixed(1)} ms（${xs.length} 次）`;

export interface BenchApp {
  database: Database;
  app: FastifyInstance;
  base: string;
  /** Server time of each request by path (without the query), in ms. */
  serverMs: Map<string, number[]>;
  close: () => Promise<void>;
}

/** A scratch database with the demo accounts and the app on a free loopback port; null without PostgreSQL. */
export async function startBenchApp(tag: string): Promise<BenchApp | null> {
  const scratch = await scratchDatabase(`nb_${tag}`);
  if (!scratch) return null;
  const { database } = scratch;
  await migrate(database);
  await seedDemo(database.db);
  return benchAppOn(database, tag, scratch.drop);
}

/** The app on `database` as it is, on a free loopback port; `close` stops it and then runs `after`. */
export async function benchAppOn(
  database: Database,
  tag: string,
  after: () => Promise<void> = () => database.close(),
): Promise<BenchApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    CAPTCHA_FIXED: '1234',
    LOG_LEVEL: 'silent',
    LOGIN_RATE_PER_MINUTE: '100000',
    LOGIN_DELAY_BASE_MS: '0',
    DATA_DIR: mkdtempSync(join(tmpdir(), `nb-${tag}-`)),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const serverMs = new Map<string, number[]>();
  app.server.on('request', (req, res) => {
    const t0 = performance.now();
    res.once('finish', () => {
      const path = (req.url ?? '').split('?')[0]!;
      const xs = serverMs.get(path) ?? [];
      xs.push(performance.now() - t0);
      serverMs.set(path, xs);
    });
  });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1/`;
  return {
    database,
    app,
    base,
    serverMs,
    close: async () => {
      await app.close();
      await after();
    },
  };
}

export interface Answer<T> {
  status: number;
  msg: string;
  data: T;
  ms: number;
}

/** A console session (cookie) of one demo account. */
export async function login(base: string, user_name: string, type: number) {
  const r = await fetch(`${base}login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ user_name, type, password: 'demo123456', captcha: '1234' }),
  });
  const cookie = (r.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
  const body = (await r.json()) as { status: number; msg: string };
  if (body.status !== 200) throw new Error(`login ${user_name}: ${body.msg}`);
  const call = async <T>(
    method: 'GET' | 'POST',
    path: string,
    payload?: Record<string, unknown>,
  ): Promise<Answer<T>> => {
    const t0 = performance.now();
    const q = method === 'GET' && payload ? `?${new URLSearchParams(payload as Record<string, string>)}` : '';
    const res = await fetch(`${base}${path}${q}`, {
      method,
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' },
      body: method === 'POST' ? JSON.stringify(payload ?? {}) : undefined,
    });
    const j = (await res.json()) as { status: number; msg: string; data: T };
    return { ...j, ms: performance.now() - t0 };
  };
  return {
    cookie,
    get: <T>(path: string, q?: Record<string, unknown>) => call<T>('GET', path, q),
    post: <T>(path: string, body: Record<string, unknown>) => call<T>('POST', path, body),
  };
}
export type Session = Awaited<ReturnType<typeof login>>;

/** Five goods with barcodes and a deep counter stock in the session's store; their SKU ids and barcodes. */
export async function benchGoods(c: Session, tag: string) {
  const cat = await c.post<{ id: number }>('goods_class_save', { name: `压测${tag}` });
  const out: { sku: number; barcode: string; price: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const barcode = `69${tag.padStart(4, '0')}${String(i).padStart(6, '0')}`.slice(0, 13);
    const price = 300 + i * 100;
    const g = await c.post<{ id: number }>('goods_save', {
      name: `压测商品${tag}-${i}`,
      category_id: cat.data.id,
      unit: '瓶',
      skus: [{ spec: '', barcode, cost_fen: 100, price_fen: price, member_price_fen: price }],
    });
    if (g.status !== 200) throw new Error(`goods: ${g.msg}`);
    const d = await c.get<{ skus: { id: number }[] }>('goods_detail', { id: g.data.id });
    out.push({ sku: d.data.skus[0]!.id, barcode, price });
  }
  for (const doc_type of ['goods_in', 'goods_bar_in']) {
    const r = await c.post('stock_doc_save', {
      doc_type,
      post: '1',
      request_id: `bench${tag}${doc_type}${process.pid}`.replace(/[^A-Za-z0-9]/g, ''),
      lines: out.map((g) => ({ item_kind: 'goods', item_id: g.sku, qty: 1_000_000, cost_fen: 100 })),
    });
    if (r.status !== 200) throw new Error(`stock: ${r.msg}`);
  }
  return out;
}
