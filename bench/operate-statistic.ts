// Issue 15's figure for 经营统计 (241) on the demo: the chain head's report over 30 and 366 business days,
// 10 users at once, read from the daily rollups (decision 152). Builds the demo (migrations, accounts, the
// 90-day generators, the rollups) on PGlite, and on PostgreSQL when BENCH_DATABASE_URL (or the default
// local server) answers; then times warm reports (p50/p95/p99) and the first report after the store's day
// start changed (its whole history recomputed on that request). The 10-million-line figure:
// an existing database: `npm run seed:volume` first, then
// `npm run bench -- operate-statistic --database postgres://…/db --explain`. Default: the demo, `--runs 20`.
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { runDemoGenerators } from '../apps/server/src/demo/index.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { figuresByDay } from '../apps/server/src/modules/report/operate-statistic.repo.ts';
import { operateStatistic } from '../apps/server/src/modules/report/operate-statistic.service.ts';
import { markWholeHistory } from '../apps/server/src/modules/report/report-rollup.repo.ts';
import { systemStoreScope } from '../apps/server/src/tenant/index.ts';
import { arg, beijingDay, concurrently, onBenchDatabases, onExistingDatabase } from './bench-databases.ts';
import { fmt, pct } from './order-bench-kit.ts';

const RUNS = arg('runs', 20);
const USERS = arg('users', 10);
const day = beijingDay;

async function measure(label: string, database: Database, build = true) {
  const db = database.db;
  const t0 = performance.now();
  if (build) {
    await migrate(database);
    await seedDemo(db);
    await runDemoGenerators(db);
    console.log(
      `${label}：演示数据（90 天，含日汇总）生成用时 ${((performance.now() - t0) / 1000).toFixed(1)} 秒`,
    );
  }
  const [head] = await rows<{ id: number }>(
    db,
    sql`select netbar_id as id from users where user_name = 'demo_netbar'`,
  );
  const s = systemStoreScope(Number(head?.id));
  const counts = await rows<Record<string, number>>(
    db,
    sql`select (select count(*) from order_lines)::int as order_lines, (select count(*) from online_sessions)::int as sessions,
          (select count(*) from member_ledger)::int as member_ledger, (select count(*) from report_store_day)::int as store_days`,
  );
  console.log(`${label}：${JSON.stringify(counts[0])}`);
  for (const days of [30, 366]) {
    const q = { start: day(days - 1), end: day(0), group: 'day' as const };
    const first = await operateStatistic(db, s, q);
    console.log(
      `${label}：${q.start} 至 ${q.end}，${first.stores.length} 家门店，营业收入 ${(first.totals.revenue_fen / 100).toFixed(2)} 元`,
    );
    const times = await concurrently(USERS, RUNS, () => operateStatistic(db, s, q));
    console.log(
      `${label}：经营统计 ${days} 天，${USERS} 人同时 × ${RUNS} 次 p95 ${pct(times, 0.95).toFixed(1)} ms；${fmt(times)}`,
    );
  }
  // the day start changed: the whole history is dirty and the next report recomputes it (demo only:
  // on a volume database that is every day of the store, left to the job)
  if (build) await markWholeHistory(db, Number(head?.id));
  const q = { start: day(365), end: day(0), group: 'month' as const };
  const t = performance.now();
  await operateStatistic(db, s, q);
  console.log(
    `${label}：${build ? '营业日开始时间修改后首次 366 天报表（重算旗舰店全部历史）' : '366 天按月报表（单人）'}${(performance.now() - t).toFixed(0)} ms`,
  );
  if (process.argv.includes('--explain')) {
    const stores = (await operateStatistic(db, s, q)).stores.map((x) => ({ id: x.id, name: x.name }));
    const t1 = performance.now();
    await figuresByDay(db, stores, q.start, q.end);
    console.log(`${label}：按日汇总查询（366 天）${(performance.now() - t1).toFixed(1)} ms；计划：`);
    const plan = await rows<Record<string, string>>(
      db,
      sql`explain (analyze, costs off) select day, sum(online_fen + goods_fen + desk_fen + lease_fen)
          from report_store_day where netbar_id in (${sql.join(
            stores.map((x) => sql`${x.id}`),
            sql`, `,
          )}) and day between ${q.start}::date and ${q.end}::date group by day order by day`,
    );
    for (const r of plan) console.log(Object.values(r)[0]);
  }
}

// --database <postgres url>: an existing database (e.g. after seed:volume), measured as it is
await onExistingDatabase(measure);
await onBenchDatabases('nb_opstat', measure);
