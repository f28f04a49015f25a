// Issue 16's figure (decision 168): reconciliation of 1,000,000 statement lines on PostgreSQL (a scratch
// database from BENCH_DATABASE_URL, default the local server; created and dropped) in at most 60 s with at
// most 200 MB more memory. Our side: 1,000,000 paid payments of one day written by SQL; the statement: a
// bench adapter that hands its lines out 2,000 at a time (as a file read while it downloads), with a few
// planted differences. Prints the seconds, the RSS rise (peak sampled every 50 ms) and os.loadavg, and
// checks the differences found are exactly the planted ones. `--lines N` changes the size.
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../apps/server/src/config.ts';
import { rows } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import {
  type PaymentProvider,
  registerProvider,
  type StatementLine,
} from '../apps/server/src/modules/payment/index.ts';
import { type PagedStatement, runReconcile } from '../apps/server/src/modules/reconcile/index.ts';
import { arg, scratchDatabase } from './bench-databases.ts';

const N = arg('lines', 1_000_000);
const DAY = '2026-01-15';
const EVERY = 100_000;
// planted per 100,000: line 7 differs in amount, 13 is not ours, 21 is not on the statement
const AMOUNT = 7;
const NOT_OURS = 13;
const NOT_THEIRS = 21;
const no = (i: number) => `PB${String(i).padStart(9, '0')}`;
const amount = (i: number) => 100 + (i % 5000);

const notImplemented = () => {
  throw new Error('bench adapter: statement only');
};
registerProvider('bench', () => {
  const p: PaymentProvider & PagedStatement = {
    name: 'bench',
    create: notImplemented,
    verifyNotice: notImplemented,
    accepted: notImplemented,
    refused: notImplemented,
    query: notImplemented,
    refund: notImplemented,
    close: notImplemented,
    statement: async () => notImplemented(),
    async *statementPages() {
      const base = Date.parse(`${DAY}T00:00:00+08:00`);
      for (let i = 0; i < N; i += 2000) {
        const page: StatementLine[] = [];
        for (let j = i; j < Math.min(N, i + 2000); j++) {
          if (j % EVERY === NOT_THEIRS) continue;
          page.push({
            kind: 'pay',
            at: new Date(base + Math.floor((j / N) * 86_000_000)),
            payment_no: no(j),
            txn_id: `BT${j}`,
            refund_no: '',
            amount_fen: amount(j) + (j % EVERY === AMOUNT ? 1 : 0),
          });
        }
        yield page;
      }
    },
  };
  return p;
});

const scratch = await scratchDatabase('nb_reconcile');
if (!scratch) process.exit(0);
let pass = false;
try {
  const { database } = scratch;
  await migrate(database);
  const db = database.db;
  const [nb] = await rows<{ id: number }>(
    db,
    sql`insert into netbars (name) values ('对账基准门店') returning id`,
  );
  const t0 = performance.now();
  await db.execute(
    sql`insert into payments (payment_no, netbar_id, purpose, purpose_ref, amount_fen, method, provider, status,
          provider_txn_id, paid_at, expires_at, request_id)
        select 'PB' || lpad(i::text, 9, '0'), ${nb!.id}, 'order', 'B' || i, 100 + i % 5000, 'wechat', 'bench', '已支付',
          'BT' || i, ${`${DAY}T00:00:00+08:00`}::timestamptz + (i::float8 / ${N} * 86000) * interval '1 second',
          ${`${DAY}T00:00:00+08:00`}::timestamptz, 'b' || i
        from generate_series(0, ${N - 1}) i where i % ${EVERY} <> ${NOT_OURS}`,
  );
  await db.execute(sql`analyze payments`);
  console.log(`准备：${N} 笔我方支付（${((performance.now() - t0) / 1000).toFixed(1)} s）`);

  const deps = { db, config: loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp', LOG_LEVEL: 'silent' }) };
  global.gc?.();
  const load0 = loadavg();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const s0 = performance.now();
  const run = await runReconcile(deps, { day: DAY, provider: 'bench' });
  const secs = (performance.now() - s0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const load1 = loadavg();
  const planted = Math.ceil(N / EVERY);
  const riseMb = (peak - rss0) / 1048576;
  console.log(
    `对账 ${run.statement_lines} 行：${secs.toFixed(1)} s，RSS 上升 ${riseMb.toFixed(1)} MB（起 ${(rss0 / 1048576).toFixed(0)} MB，峰 ${(peak / 1048576).toFixed(0)} MB）`,
  );
  console.log(
    `结果：${run.status} 一致 ${run.matched}，我方缺失 ${run.missing_ours}，通道缺失 ${run.missing_theirs}，金额不符 ${run.amount_mismatch}，状态不符 ${run.status_mismatch}${run.error ? ` ${run.error}` : ''}`,
  );
  console.log(
    `loadavg 前 ${load0.map((x) => x.toFixed(2)).join(' / ')}，后 ${load1.map((x) => x.toFixed(2)).join(' / ')}`,
  );
  const right =
    run.status === '已完成' &&
    run.amount_mismatch === planted &&
    run.missing_ours === planted &&
    run.missing_theirs === planted &&
    run.status_mismatch === 0;
  console.log(
    `差异与植入的一致：${right ? '是' : '否'}；目标 ≤ 60 s：${secs <= 60 ? '达到' : '未达到'}；≤ 200 MB：${riseMb <= 200 ? '达到' : '未达到'}`,
  );
  pass = right;
} finally {
  await scratch.drop();
}
process.exit(pass ? 0 : 1);
