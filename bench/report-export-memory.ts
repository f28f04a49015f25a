// Issue 15's export figure: the server's memory while one store's 销售排行 (237) over a year (366 business
// days, every good ranked) is exported to xlsx through the API. The app runs in this process on
// `--database postgres://…/db` as it is (after `npm run seed:volume`), else on a throwaway PostgreSQL
// database with the demo (90 days). Memory is sampled every 5 ms from the request to the last byte; the
// figure is the peak RSS and heap over the level just before (goal: at most +100 MB).
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, rows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { runDemoGenerators } from '../apps/server/src/demo/index.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { drainAll } from '../apps/server/src/modules/report/index.ts';
import { beijingDay, scratchDatabase } from './bench-databases.ts';
import { benchAppOn, login } from './order-bench-kit.ts';

const MB = 1024 * 1024;
const existing = process.argv.indexOf('--database');
let database: Database;
let after: (() => Promise<void>) | undefined;
if (existing > 0) database = await openDatabase({ databaseUrl: process.argv[existing + 1] as string });
else {
  const scratch = await scratchDatabase('nb_exportmem');
  if (!scratch) process.exit(0);
  database = scratch.database;
  after = scratch.drop;
  await migrate(database);
  await seedDemo(database.db);
  await runDemoGenerators(database.db);
}
await drainAll(database.db);
const [store] = await rows<{ id: number; name: string; lines: number }>(
  database.db,
  sql`select o.netbar_id as id, n.name, count(*)::int as lines from order_lines l join orders o on o.id = l.order_id
      join netbars n on n.id = o.netbar_id group by 1, 2 order by 3 desc limit 1`,
);
const bench = await benchAppOn(database, 'exportmem', after);
try {
  const c = await login(bench.base, 'demo_netbar', 3);
  const q = { start: beijingDay(365), end: beijingDay(0), store_id: String(store!.id), rank_by: 'revenue' };
  // warm: the range's rollups recomputed and the code loaded before the measured export
  await c.get('sales_ranking', { ...q, page: 1, page_size: 10 });
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakHeap = base.heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 5);
  const t0 = performance.now();
  const res = await fetch(`${bench.base}sales_ranking_export?${new URLSearchParams(q)}`, {
    headers: { cookie: c.cookie, 'x-requested-with': 'XMLHttpRequest' },
  });
  let bytes = 0;
  const reader = res.body!.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.length;
  clearInterval(timer);
  const ms = performance.now() - t0;
  console.log(
    `销售排行导出：${store!.name}（${store!.lines} 订单行），${q.start} 至 ${q.end}，HTTP ${res.status}，${(bytes / 1024).toFixed(0)} KB，${ms.toFixed(0)} ms`,
  );
  console.log(
    `内存：RSS ${(base.rss / MB).toFixed(0)} → 峰值 ${(peakRss / MB).toFixed(0)} MB（+${((peakRss - base.rss) / MB).toFixed(1)} MB），堆 ${(base.heapUsed / MB).toFixed(0)} → 峰值 ${(peakHeap / MB).toFixed(0)} MB（+${((peakHeap - base.heapUsed) / MB).toFixed(1)} MB）`,
  );
} finally {
  await bench.close();
}
