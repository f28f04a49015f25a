// Issue 15's figure for 上机统计 (240): the chain head's dashboard over 30 and 366 business days, 10 users
// at once, read from the machine and hour rollups plus the sessions still open (decision 159). Builds the
// demo on PGlite, and on PostgreSQL when BENCH_DATABASE_URL (or the default local server) answers; `--pg`
// PostgreSQL only; `--database postgres://…/db` an existing database as it is (after `npm run seed:volume`).
// `--explain` prints the plan of the slowest read (the 366-day heat map). Default `--runs 10 --users 10`.
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { runDemoGenerators } from '../apps/server/src/demo/index.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { drainAll } from '../apps/server/src/modules/report/index.ts';
import {
  machineFigures,
  memberMix,
  occupancyHeatmap,
} from '../apps/server/src/modules/session/computer-stats.repo.ts';
import { computerStatistics } from '../apps/server/src/modules/session/computer-stats.service.ts';
import { reportStores, systemStoreScope } from '../apps/server/src/tenant/index.ts';
import { arg, beijingDay, concurrently, onBenchDatabases, onExistingDatabase } from './bench-databases.ts';
import { fmt, pct } from './order-bench-kit.ts';

const RUNS = arg('runs', 10);
const USERS = arg('users', 10);

async function measure(label: string, database: Database, build = true) {
  const db = database.db;
  const t0 = performance.now();
  if (build) {
    await migrate(database);
    await seedDemo(db);
    await runDemoGenerators(db);
    console.log(`${label}：演示数据生成用时 ${((performance.now() - t0) / 1000).toFixed(1)} 秒`);
  }
  const t1 = performance.now();
  const drained = await drainAll(db);
  console.log(
    `${label}：重算待汇总营业日 ${drained} 个，用时 ${((performance.now() - t1) / 1000).toFixed(1)} 秒`,
  );
  const [head] = await rows<{ id: number }>(
    db,
    sql`select netbar_id as id from users where user_name = 'demo_netbar'`,
  );
  const s = systemStoreScope(Number(head?.id));
  const [counts] = await rows<Record<string, number>>(
    db,
    sql`select (select count(*) from order_lines)::int as order_lines, (select count(*) from online_sessions)::int as sessions,
          (select count(*) from machines)::int as machines, (select count(*) from report_machine_day)::int as machine_days,
          (select count(*) from report_hour_day)::int as hour_days`,
  );
  console.log(`${label}：${JSON.stringify(counts)}`);
  for (const days of [30, 366]) {
    const q = { start: beijingDay(days - 1), end: beijingDay(0) };
    const first = await computerStatistics(db, s, q);
    console.log(
      `${label}：${q.start} 至 ${q.end}，${first.stores.length} 家门店，上机 ${first.summary.sessions} 次，上网费 ${(first.summary.fee_fen / 100).toFixed(2)} 元`,
    );
    const times = await concurrently(USERS, RUNS, () => computerStatistics(db, s, q));
    console.log(
      `${label}：上机统计 ${days} 天，${USERS} 人同时 × ${RUNS} 次 p95 ${pct(times, 0.95).toFixed(1)} ms；${fmt(times)}`,
    );
    const stores = await reportStores(db, s);
    for (const [name, read] of [
      ['机器', () => machineFigures(db, stores, q.start, q.end)],
      ['热力图', () => occupancyHeatmap(db, stores, q.start, q.end)],
      ['新老会员', () => memberMix(db, stores, q.start, q.end)],
    ] as const) {
      const t = performance.now();
      await read();
      console.log(`${label}：  ${days} 天 ${name}（单人）${(performance.now() - t).toFixed(1)} ms`);
    }
  }
  if (process.argv.includes('--explain')) {
    const stores = await reportStores(db, s);
    const ids = sql.join(
      stores.map((x) => sql`${x.id}`),
      sql`, `,
    );
    const plan = await rows<Record<string, string>>(
      db,
      sql`explain (analyze, costs off) select extract(isodow from hour_at at time zone 'Asia/Shanghai') as dow,
            extract(hour from hour_at at time zone 'Asia/Shanghai') as hr, sum(minutes)
          from report_hour_day where netbar_id in (${ids})
            and day between ${beijingDay(365)}::date and ${beijingDay(0)}::date group by 1, 2`,
    );
    for (const r of plan) console.log(Object.values(r)[0]);
  }
}

await onExistingDatabase(measure);
await onBenchDatabases('nb_compstat', measure);
