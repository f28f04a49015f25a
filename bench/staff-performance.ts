// Issue 14's figure: the staff performance (/staff_performance, decision 147) of 星际网咖旗舰店 over the
// demo's 90 days: every order, refund, table bill, lease, top-up, new member and seat delivery matched to
// the rule in force on its day, in one statement per answer. Builds the demo (migrations, accounts, the
// 90-day generators) on PGlite, and on PostgreSQL when BENCH_DATABASE_URL (or the default local server)
// answers, then times the service call (the screen's one request) and one drill-down page.
// `npm run bench -- staff-performance --runs 50`.
import { sql } from 'drizzle-orm';
import { type Database, rows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { runDemoGenerators } from '../apps/server/src/demo/index.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { performanceSumsSql } from '../apps/server/src/modules/commission/performance.repo.ts';
import {
  performanceRecords,
  staffPerformance,
} from '../apps/server/src/modules/commission/performance.service.ts';
import { systemStoreScope } from '../apps/server/src/tenant/index.ts';
import { onBenchDatabases } from './bench-databases.ts';
import { fmt } from './order-bench-kit.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const RUNS = arg('runs', 30);
const day = (msAgo: number) => new Date(Date.now() + 8 * 3600_000 - msAgo).toISOString().slice(0, 10);

async function measure(label: string, database: Database) {
  const db = database.db;
  const t0 = performance.now();
  await migrate(database);
  await seedDemo(db);
  await runDemoGenerators(db);
  console.log(`${label}：演示数据（90 天）生成用时 ${((performance.now() - t0) / 1000).toFixed(1)} 秒`);
  const [store] = await rows<{ id: number; staff: number }>(
    db,
    sql`select n.id, (select id from users where user_name = 'demo_netbar_staff') as staff
        from netbars n where n.name = '星际网咖旗舰店'`,
  );
  const counts = await rows<{ orders: number; refunds: number; topups: number; events: number }>(
    db,
    sql`select (select count(*) from orders where netbar_id = ${store!.id})::int as orders,
          (select count(*) from order_refunds where netbar_id = ${store!.id})::int as refunds,
          (select count(*) from member_ledger where netbar_id = ${store!.id} and kind = 'topup')::int as topups,
          (select count(*) from order_events where netbar_id = ${store!.id})::int as events`,
  );
  console.log(`${label}：旗舰店 ${JSON.stringify(counts[0])}`);
  // the owner's view of the store (systemStoreScope is a type-3 scope of that store)
  const s = systemStoreScope(store!.id);
  const q = { start: day(90 * 86400_000), end: day(0) };
  const first = await staffPerformance(db, s, q);
  const staffRow = first.list.find((r) => r.user_id === store!.staff);
  console.log(
    `${label}：${q.start} 至 ${q.end}，${first.list.length} 名员工，提成合计 ${(first.totals.commission_fen / 100).toFixed(2)} 元；` +
      `小陈 商品销售 ${staffRow?.goods_count ?? 0} 单 ${((staffRow?.goods_fen ?? 0) / 100).toFixed(2)} 元，提成 ${((staffRow?.commission_fen ?? 0) / 100).toFixed(2)} 元`,
  );
  const whole: number[] = [];
  const drill: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    let t = performance.now();
    await staffPerformance(db, s, q);
    whole.push(performance.now() - t);
    t = performance.now();
    await performanceRecords(db, s, { ...q, user_id: store!.staff, figure: 'goods', page: 5, page_size: 20 });
    drill.push(performance.now() - t);
  }
  console.log(`${label}：员工业绩（90 天，整店）${fmt(whole)}`);
  if (process.argv.includes('--explain')) {
    const plan = await rows<Record<string, string>>(
      db,
      sql`explain (analyze, costs off) ${performanceSumsSql(store!.id, q)}`,
    );
    for (const r of plan) console.log(Object.values(r)[0]);
  }
  console.log(`${label}：业绩明细（小陈 商品销售 第 5 页）${fmt(drill)}`);
}

// --pg: PostgreSQL only
await onBenchDatabases('nb_perf', measure);
