// `npm run bench -- --scale`: the stock ledger at scale (issue 10). Seeds its own PostgreSQL database
// (generate_series), then measures the app against a bare node:http + pg server running the same SQL,
// interleaved, with autocannon (10 connections): ledger pages 1 and 1000 (by cursors) and a filtered
// page, the stock report (month, year), goods and netbar lists, and a month's ledger export (first and
// last byte, peak RSS, /api/health latency meanwhile). Drops its database at the end.
// Sizes: --rows=1000000 --other-rows=9000000 --stores=90 --seconds=5 (env SCALE_ROWS etc. also work).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { seedScale } from './scale-seed.ts';

const arg = (name: string, def: number) => {
  const a = process.argv.find((x) => x.startsWith(`--${name}=`));
  return Number(a ? a.split('=')[1] : (process.env[`SCALE_${name.toUpperCase().replace('-', '_')}`] ?? def));
};
const size = {
  storeRows: arg('rows', 1_000_000),
  otherRows: arg('other-rows', 9_000_000),
  stores: arg('stores', 90),
  items: 2000,
  netbars: 20_000,
};
const SECONDS = arg('seconds', 5);
function cst(daysAgo: number) {
  return new Date(Date.now() + 8 * 3600_000 - daysAgo * 86400_000).toISOString().slice(0, 10);
}
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// SCALE_DB=<name>: measure an existing database seeded earlier (SCALE_SEED_ONLY=1 SCALE_KEEP=1), kept afterwards
const reuse = process.env.SCALE_DB;
const dbName = reuse ?? `nb_scale_${process.pid}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
if (!reuse) await admin.query(`create database ${dbName}`);
const u = new URL(base);
u.pathname = `/${dbName}`;
const url = u.toString();
let stop = () => {};
try {
  console.log(
    `规模：本店 ${size.storeRows} 行台账，另 ${size.stores} 店共 ${size.otherRows} 行；${size.items} 个商品，${size.netbars} 个网吧`,
  );
  const c = new pg.Client({ connectionString: url });
  if (!reuse) {
    const database = await openDatabase({ databaseUrl: url });
    await migrate(database);
    await seedDemo(database.db);
    await database.close();
  }
  await c.connect();
  const ids = (
    await c.query(
      `select (select netbar_id from users where user_name = 'demo_netbar') as nid, (select agent_id from users where user_name = 'demo_agent') as agent`,
    )
  ).rows[0];
  if (!reuse) await seedScale(c, ids.nid, ids.agent, size);
  await c.end();
  if (process.env.SCALE_SEED_ONLY) {
    console.log(`已播种数据库 ${dbName}（SCALE_DB=${dbName} 可复用）`);
    process.exit(0);
  }
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./scale-servers.ts', import.meta.url).pathname, url, String(ids.nid)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  stop = () => child.kill('SIGTERM');
  const s = JSON.parse(
    await new Promise<string>((resolve, reject) => {
      createInterface({ input: child.stdout }).once('line', resolve);
      child.once('exit', (code) => reject(new Error(`servers exited ${code}`)));
    }),
  ) as { appPort: number; barePort: number; store: string; agent: string; pid: number };
  await runMeasures(s);
} finally {
  stop();
  await new Promise((r) => setTimeout(r, 500));
  if (process.env.SCALE_KEEP || reuse) console.log(`保留数据库 ${dbName}（SCALE_KEEP）`);
  else {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    console.log(`已删除数据库 ${dbName}`);
  }
  await admin.end();
}

async function cannon(url: string, cookie?: string) {
  const r = await autocannon({ url, headers: cookie ? { cookie } : {}, connections: 10, duration: SECONDS });
  // refusals (429/503 of overload shedding) are counted and shown, not hidden in the rate
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx };
}
function fmt(x: { rps: number; p50: number; p99: number; non2xx: number }) {
  const refused = x.non2xx ? `（${x.non2xx} 个非 2xx 应答）` : '';
  return `${x.rps.toFixed(0).padStart(5)} req/s p50 ${String(x.p50).padStart(4)} ms p99 ${String(x.p99).padStart(5)} ms${refused}`;
}

async function getJson(url: string, cookie?: string) {
  const r = await fetch(url, { headers: cookie ? { cookie } : {} });
  return (await r.json()) as { status: number; msg: string; data: { next?: string | null } };
}

async function single(url: string, cookie: string, n = 5) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await getJson(url, cookie);
    if (r.status !== 200) throw new Error(`${url}: ${r.msg}`);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[Math.floor(n / 2)]!;
}

async function runMeasures(s: {
  appPort: number;
  barePort: number;
  store: string;
  agent: string;
  pid: number;
}) {
  const app = `http://127.0.0.1:${s.appPort}/api/v1`;
  const bare = `http://127.0.0.1:${s.barePort}`;
  // page 1000 by keyset: follow 999 cursors
  let after = '';
  const t0 = performance.now();
  for (let i = 1; i < 1000; i++) {
    const r = await getJson(
      `${app}/stock_ledger_list?page_size=20${after ? `&after=${after}` : ''}`,
      s.store,
    );
    if (!r.data.next) break;
    after = r.data.next;
  }
  console.log(
    `\n跟随游标翻到第 1000 页：${((performance.now() - t0) / 1000).toFixed(1)} s（999 次请求，单用户）`,
  );
  const month = `${cst(0).slice(0, 8)}01`;
  const lists: [string, string, string][] = [
    ['历史记录 第1页', 'stock_ledger_list?page_size=20', 'ledger?page_size=20'],
    [
      '历史记录 第1000页（游标）',
      `stock_ledger_list?page_size=20&after=${after}`,
      `ledger?page_size=20&after=${after}`,
    ],
    [
      '历史记录 筛选页（商品+30天+销售）',
      `stock_ledger_list?page_size=20&item_kind=goods&ref_type=sale&start=${cst(30)}&end=${cst(0)}`,
      `ledger?page_size=20&item_kind=goods&ref_type=sale&start=${cst(30)}&end=${cst(0)}`,
    ],
    [
      '库存报表 本月',
      `stock_report?page_size=20&start=${month}&end=${cst(0)}`,
      `report?page_size=20&start=${month}&end=${cst(0)}`,
    ],
    [
      '库存报表 一年',
      `stock_report?page_size=20&start=${cst(365)}&end=${cst(0)}`,
      `report?page_size=20&start=${cst(365)}&end=${cst(0)}`,
    ],
  ];
  console.log(`\n应用 vs 裸 node:http + pg（同一 SQL），10 并发，每项 ${SECONDS} 秒，交替运行：`);
  for (const [label, a, b] of lists) {
    const one = await single(`${app}/${a}`, s.store);
    const x = await cannon(`${app}/${a}`, s.store);
    const y = await cannon(`${bare}/${b}`);
    console.log(
      `${label}\n  单用户 ${one.toFixed(0)} ms | 应用 ${fmt(x)} | 裸 ${fmt(y)} | 比值 ${(x.rps / y.rps).toFixed(2)}`,
    );
  }
  for (const [label, path, cookie] of [
    ['商品列表（2000 商品）', 'goods_list?page_size=20', s.store],
    ['网吧列表（2万网吧）', 'netbar_list?page_size=20', s.agent],
  ] as const) {
    const x = await cannon(`${app}/${path}`, cookie);
    console.log(`${label}\n  应用 ${fmt(x)}（无裸服务器对照）`);
  }
  await measureExport(app, s);
}

function rssMb(pid: number) {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

/** The slowest /api/health of `ms` milliseconds of probes every 50 ms (the baseline without an export). */
async function slowestHealth(app: string, ms: number) {
  let max = 0;
  for (const end = performance.now() + ms; performance.now() < end; ) {
    const t = performance.now();
    await fetch(`${app.replace('/v1', '')}/health`).then((r) => r.arrayBuffer());
    max = Math.max(max, performance.now() - t);
    await new Promise((r) => setTimeout(r, 50));
  }
  return max;
}

async function measureExport(app: string, s: { store: string; pid: number }) {
  const idleHealth = await slowestHealth(app, 5000);
  const before = rssMb(s.pid);
  let peak = before;
  let healthMax = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      peak = Math.max(peak, rssMb(s.pid));
      const t = performance.now();
      await fetch(`${app.replace('/v1', '')}/health`).then((r) => r.arrayBuffer());
      healthMax = Math.max(healthMax, performance.now() - t);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const t0 = performance.now();
  const r = await fetch(`${app}/stock_ledger_export?start=${cst(30)}&end=${cst(0)}`, {
    headers: { cookie: s.store },
  });
  const reader = r.body!.getReader();
  let first = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!first) first = performance.now() - t0;
    bytes += value.length;
  }
  const last = performance.now() - t0;
  running = false;
  await sampler;
  const t1 = performance.now();
  const whole = await fetch(`${app}/stock_ledger_export`, { headers: { cookie: s.store } });
  const wholeText = String(whole.headers.get('content-type')).includes('json')
    ? ((await whole.json()) as { msg: string }).msg
    : `完整流式导出 ${((await whole.arrayBuffer()).byteLength / 1048576).toFixed(1)} MB，${((performance.now() - t1) / 1000).toFixed(1)} s`;
  console.log(
    `\n导出 30 天台账（HTTP ${r.status}，${(bytes / 1048576).toFixed(1)} MB）：首字节 ${first.toFixed(0)} ms，末字节 ${last.toFixed(0)} ms，` +
      `RSS ${before.toFixed(0)} → 峰值 ${peak.toFixed(0)} MB（+${(peak - before).toFixed(0)} MB），期间 /api/health 最慢 ${healthMax.toFixed(0)} ms（无导出时 5 秒内最慢 ${idleHealth.toFixed(0)} ms）`,
  );
  console.log(`导出全部台账：HTTP ${whole.status} ${wholeText}`);
}
