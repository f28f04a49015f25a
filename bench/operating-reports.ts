// Issue 15's figures at volume, through the API as a browser calls it: 经营统计 (241), 上机统计 (240),
// 销售排行 (237) and 滞销统计 (238) over 30 and 366 days and the owner's home (home_store_dashboard), each
// by `--users` demo_netbar sessions at once (the chain head: the 3 demo stores), `--runs` calls each.
// Goals: 30 days and home ≤ 200 ms at p95, 366 days ≤ 1 s on PostgreSQL with 10,000,000 order lines and
// 2,000,000 sessions; ≤ 500 ms on PGlite with 1,000,000 lines. The machine's load average is printed
// next to each figure (other work shares it).
//   npm run seed:volume -- … first (PostgreSQL: DATABASE_URL; PGlite: --data-dir), then
//   npm run bench -- operating-reports --database postgres://…/db   (or --data-dir <PGlite folder>)
//   [--users 10] [--runs 5] [--only 240,home] [--explain <file>] [--settle 10 (s after start-up)]
// --explain: one user calls every report once more while each SQL statement is timed; the five slowest
// are listed and the slowest gets EXPLAIN (ANALYZE, BUFFERS) with its own parameters (printed, and written
// to <file>). ANALYZE runs the statement: reads only (the reports' refresh found nothing to recompute).
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase, rows } from '../apps/server/src/db/client.ts';
import { drainAll } from '../apps/server/src/modules/report/index.ts';
import { arg, beijingDay, concurrently } from './bench-databases.ts';
import { benchAppOn, fmt, login, pct, type Session } from './order-bench-kit.ts';

const USERS = arg('users', 10);
const RUNS = arg('runs', 5);
const flag = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const url = flag('database');
const dataDir = flag('data-dir');
const only = flag('only')?.split(',');
const explainTo = flag('explain');
if (!url && !dataDir) {
  console.error(
    '用法：npm run bench -- operating-reports --database postgres://…/db 或 --data-dir <PGlite 目录>',
  );
  process.exit(2);
}

// every SQL statement's time while `tracing` (for --explain), both drivers as drizzle calls them (pg's Pool,
// PGlite), one statement at a time: a report's parallel reads would otherwise count each other's time
type Traced = { text: string; params: unknown[]; ms: number; report: string };
const traced: Traced[] = [];
let tracing = '';
let queue: Promise<unknown> = Promise.resolve();
function trace(proto: { query: (...a: never[]) => unknown }) {
  const orig = proto.query as (...a: unknown[]) => unknown;
  proto.query = function (this: unknown, ...a: unknown[]) {
    const first = a[0] as string | { text?: string; values?: unknown[] };
    const text = typeof first === 'string' ? first : first?.text;
    const params = (typeof first === 'string' ? a[1] : (first?.values ?? a[1])) as unknown[] | undefined;
    const report = tracing;
    if (!report || !text || typeof a[a.length - 1] === 'function') return orig.apply(this, a);
    const run = queue.then(async () => {
      const t0 = performance.now();
      const out = await orig.apply(this, a);
      traced.push({ text, params: Array.isArray(params) ? params : [], ms: performance.now() - t0, report });
      return out;
    });
    queue = run.catch(() => undefined);
    return run;
  } as never;
}
if (explainTo) {
  trace(pg.Pool.prototype as never);
  trace(PGlite.prototype as never);
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');

const database: Database = url
  ? await openDatabase({ databaseUrl: url })
  : await openDatabase({ dataDir: dataDir as string });
const label = url ? 'PostgreSQL' : 'PGlite';
const db = database.db;
const t = performance.now();
const drained = await drainAll(db);
console.log(`${label}：重算待汇总营业日 ${drained} 个，${((performance.now() - t) / 1000).toFixed(1)} 秒`);
const [counts] = await rows<Record<string, number>>(
  db,
  sql`select (select count(*) from order_lines)::int as order_lines, (select count(*) from orders)::int as orders,
        (select count(*) from online_sessions)::int as sessions, (select count(*) from stock_ledger)::int as stock_ledger,
        (select count(*) from member_ledger)::int as member_ledger`,
);
console.log(`${label}：${JSON.stringify(counts)}`);

const bench = await benchAppOn(database, 'opreports');
try {
  const users: Session[] = [];
  for (let i = 0; i < USERS; i++) users.push(await login(bench.base, 'demo_netbar', 3));
  // the app's start-up jobs (rollup catch-up, background counts over the big tables) settle first
  await new Promise((r) => setTimeout(r, arg('settle', 10) * 1000));
  const period = (days: number) => ({ start: beijingDay(days - 1), end: beijingDay(0) });
  type Case = { id: string; name: string; path: string; q: Record<string, unknown>; goal: number };
  const cases: Case[] = [];
  for (const days of [30, 366]) {
    const goal = days === 30 ? 200 : 1000;
    const p = period(days);
    cases.push(
      { id: '241', name: `经营统计 ${days} 天`, path: 'operate_statistic', q: { ...p, group: 'day' }, goal },
      { id: '240', name: `上机统计 ${days} 天`, path: 'computer_statistics', q: p, goal },
      {
        id: '237',
        name: `销售排行 ${days} 天`,
        path: 'sales_ranking',
        q: { ...p, rank_by: 'revenue', page: 1, page_size: 10 },
        goal,
      },
      {
        id: '238',
        name: `滞销统计 ${days} 天`,
        path: 'dead_stock',
        q: { days, page: 1, page_size: 10 },
        goal,
      },
    );
  }
  cases.push({ id: 'home', name: '网吧首页（连锁）', path: 'home_store_dashboard', q: {}, goal: 200 });
  const picked = cases.filter((c) => !only || only.includes(c.id));
  const call = async (c: Case, u: Session) => {
    const r = await u.get<Record<string, unknown>>(c.path, c.q);
    if (r.status !== 200) throw new Error(`${c.path}: ${r.status} ${r.msg}`);
    return r;
  };
  const summary: string[] = [];
  for (const c of picked) {
    const first = await call(c, users[0]!);
    const before = load();
    let k = 0;
    const times = await concurrently(USERS, RUNS, () => call(c, users[k++ % USERS]!));
    const p95 = pct(times, 0.95);
    const line = `${label}：${c.name}（${c.path}）${USERS} 人同时 × ${RUNS} 次 p95 ${p95.toFixed(1)} ms ${p95 <= (url ? c.goal : 500) ? '✓' : '✗'}；${fmt(times)}；首次 ${first.ms.toFixed(0)} ms；负载 ${before} → ${load()}`;
    console.log(line);
    summary.push(line);
  }
  if (explainTo) {
    // one user, every picked report once, each statement timed
    for (const c of picked) {
      tracing = c.name;
      await call(c, users[0]!);
      tracing = '';
    }
    const slow = [...traced].sort((a, b) => b.ms - a.ms).slice(0, 5);
    console.log(`${label}：单人各报表一次，最慢的 SQL 语句：`);
    for (const s of slow)
      console.log(`  ${s.ms.toFixed(1)} ms  ${s.report}  ${s.text.replace(/\s+/g, ' ').slice(0, 140)}…`);
    const top = slow[0]!;
    const plan = await rows<Record<string, string>>(
      db,
      sql.raw(
        `explain (analyze, buffers) ${top.text.replace(/\$(\d+)/g, (_, n) => literal(top.params[Number(n) - 1]))}`,
      ),
    );
    const text = [
      `-- ${label}，${new Date().toISOString()}，负载 ${load()}，${JSON.stringify(counts)}`,
      ...summary.map((l) => `-- ${l}`),
      `-- 最慢的语句（${top.report}，单人 ${top.ms.toFixed(1)} ms）：`,
      top.text.trim(),
      `-- 参数：${JSON.stringify(top.params)}`,
      '',
      ...plan.map((r) => Object.values(r)[0]),
    ].join('\n');
    console.log(text);
    writeFileSync(explainTo, `${text}\n`);
    console.log(`已写入 ${explainTo}`);
  }
} finally {
  await bench.close();
}

/** A parameter as an SQL literal, for EXPLAIN of a statement seen with $n placeholders. */
function literal(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof Date) return `'${v.toISOString()}'`;
  return `'${String(v).replace(/'/g, "''")}'`;
}
