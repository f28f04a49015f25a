// Issue 15 item 6's figure: the home dashboards (decision 158) on the demo — the chain head's store home
// (today and a week before from the daily rollups), the agent's 30 days and the platform totals, 10 users
// at once, PGlite and PostgreSQL (when BENCH_DATABASE_URL or the local server answers). An existing
// database (after `npm run seed:volume`): `npm run bench -- home-dashboard --database postgres://…/db`.
import type { UserTypeValue } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { runDemoGenerators } from '../apps/server/src/demo/index.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import {
  agentDashboard,
  platformDashboard,
  storeDashboard,
} from '../apps/server/src/modules/home/home-dashboard.service.ts';
import type { TenantScope } from '../apps/server/src/tenant/index.ts';
import { arg, concurrently, onBenchDatabases } from './bench-databases.ts';
import { fmt, pct } from './order-bench-kit.ts';

const RUNS = arg('runs', 20);
const USERS = arg('users', 10);

async function scopeOf(database: Database, user: string): Promise<TenantScope> {
  const [u] = await rows<{ id: number; type: number; agent_id: number | null; netbar_id: number | null }>(
    database.db,
    sql`select id, type, agent_id, netbar_id from users where user_name = ${user}`,
  );
  return {
    userId: Number(u?.id),
    type: Number(u?.type) as UserTypeValue,
    isAdmin: u?.type === 4,
    agentId: u?.agent_id ?? null,
    staffUserId: null,
    netbarId: Number(u?.netbar_id ?? 0),
  };
}

async function measure(label: string, database: Database, build = true) {
  const db = database.db;
  if (build) {
    const t0 = performance.now();
    await migrate(database);
    await seedDemo(db);
    await runDemoGenerators(db);
    console.log(`${label}：演示数据生成用时 ${((performance.now() - t0) / 1000).toFixed(1)} 秒`);
  }
  const owner = await scopeOf(database, 'demo_netbar');
  const agent = await scopeOf(database, 'demo_agent');
  for (const [name, run] of [
    ['网吧首页（连锁合计）', () => storeDashboard(db, owner)],
    ['代理商首页（30 天）', () => agentDashboard(db, agent)],
    ['管理员首页', () => platformDashboard(db)],
  ] as const) {
    await run();
    const times = await concurrently(USERS, RUNS, run);
    console.log(
      `${label}：${name} ${USERS} 人同时 × ${RUNS} 次 p95 ${pct(times, 0.95).toFixed(1)} ms；${fmt(times)}`,
    );
  }
}

const existing = process.argv.indexOf('--database');
if (existing > 0) {
  const database = await openDatabase({ databaseUrl: process.argv[existing + 1] as string });
  try {
    await measure('PostgreSQL（已有数据）', database, false);
  } finally {
    await database.close();
  }
  process.exit(0);
}

await onBenchDatabases('nb_home', measure);
