// `npm run bench`: GET user_info with a valid session, Fastify app vs a bare node:http server doing the
// same session lookup on the same database, with autocannon on 127.0.0.1 — on PGlite, and on PostgreSQL
// when it answers on 127.0.0.1:5432. Prints req/s, p99 and the ratio.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 10;

interface Servers {
  appPort: number;
  barePort: number;
  cookie: string;
}

async function startServers(dbUrl?: string): Promise<{ s: Servers; stop: () => void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./user-info-servers.ts', import.meta.url).pathname, dbUrl ?? ''],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (c) => reject(new Error(`bench servers exited ${c}`)));
  });
  return { s: JSON.parse(line) as Servers, stop: () => child.kill('SIGTERM') };
}

async function hit(port: number, cookie: string) {
  const r = await autocannon({
    url: `http://127.0.0.1:${port}/api/v1/user_info?t=1`,
    headers: { cookie },
    connections: CONNECTIONS,
    duration: DURATION,
  });
  if (r.non2xx > 0) throw new Error(`${r.non2xx} non-2xx answers on port ${port}`);
  return { rps: r.requests.average, p99: r.latency.p99 };
}

async function pgAvailable(): Promise<string | undefined> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const c = new pg.Client({ connectionString: base, connectionTimeoutMillis: 1000 });
  try {
    await c.connect();
    const name = `nb_bench_${process.pid}`;
    await c.query(`drop database if exists ${name}`);
    await c.query(`create database ${name}`);
    await c.end();
    const u = new URL(base);
    u.pathname = `/${name}`;
    return u.toString();
  } catch {
    return undefined;
  }
}

async function dropPg(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const c = new pg.Client({ connectionString: u.toString() });
  await c.connect();
  await c.query(`drop database if exists ${name} with (force)`);
  await c.end();
}

const rows: string[] = [];
for (const backend of ['PGlite', 'PostgreSQL'] as const) {
  const url = backend === 'PostgreSQL' ? await pgAvailable() : undefined;
  if (backend === 'PostgreSQL' && !url) {
    rows.push('PostgreSQL   （127.0.0.1:5432 不可用，跳过）');
    continue;
  }
  const { s, stop } = await startServers(url);
  try {
    await hit(s.appPort, s.cookie); // warm-up is the first short run below
    const app = await hit(s.appPort, s.cookie);
    const bare = await hit(s.barePort, s.cookie);
    rows.push(
      `${backend.padEnd(11)} fastify ${app.rps.toFixed(0).padStart(6)} req/s p99 ${String(app.p99).padStart(3)} ms | bare node:http ${bare.rps.toFixed(0).padStart(6)} req/s p99 ${String(bare.p99).padStart(3)} ms | ratio ${(app.rps / bare.rps).toFixed(2)}`,
    );
  } finally {
    stop();
    if (url) await dropPg(url);
  }
}
console.log(`\nGET /api/v1/user_info（有效会话，${CONNECTIONS} 并发，每项 ${DURATION} 秒，127.0.0.1）`);
for (const r of rows) console.log(r);
