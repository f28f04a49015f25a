// Issue 20's figures (docs/decisions/199): throughput (requests/s, autocannon) of the agent's netbar list
// and of the 收银台's ring-up (order_create priced and paid in cash, as bench/order-ringup.ts) against ONE
// server process directly and against TWO behind haproxy (deploy/haproxy/haproxy.cfg), on the same
// machine, PostgreSQL and Redis; the ratio. Then, from one run under a load of member top-ups: the
// requests failed when one process is killed with -9, and the time from SIGTERM to exit (with its drain).
// `npm run bench -- cluster-ratio [--seconds 10] [--connections 20]`
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { runDemoGenerators } from '../apps/server/src/demo/index.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import {
  type Cluster,
  DRAIN_MS,
  ledgerCheck,
  loginCookie,
  startCluster,
  type WriteResult,
  writeLoad,
} from '../apps/server/src/test/cluster-kit.ts';
import { ensureHaproxy } from '../scripts/cluster-kit.mjs';
import { scratchDatabase } from './bench-databases.ts';
import { benchGoods, login } from './order-bench-kit.ts';
import { cookieOf, ledgersAgree } from './order-ringup-kit.ts';
import { seedRingupStores } from './order-ringup-seed.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const SECONDS = arg('seconds', 10);
const CONNECTIONS = arg('connections', 20);
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
ensureHaproxy();
const scratch = await scratchDatabase('nb_cluster_ratio');
if (!scratch) process.exit(0);
const dbUrl = scratch.url;
let cluster: Cluster | undefined;
let ok = true;
try {
  await migrate(scratch.database);
  await seedDemo(scratch.database.db);
  await runDemoGenerators(scratch.database.db); // the demo's members
  const seed = new pg.Client({ connectionString: dbUrl });
  await seed.connect();
  const stores = await seedRingupStores(seed, 'ringup', 10, 2);
  const members = (
    await seed.query<{ id: number }>(
      'select id from members where netbar_id = 1 and status = 1 order by id limit 4',
    )
  ).rows.map((r) => r.id);
  await seed.end();
  if (!members.length) throw new Error('演示数据里没有门店 1 的会员');

  cluster = await startCluster(dbUrl, redisUrl);
  const direct = `http://127.0.0.1:${cluster.apps[0]!.port}`;
  const balanced = cluster.base;
  console.log(
    `机器：2 个共享核心；PostgreSQL 与 Redis 在同一台机器；每项 ${SECONDS} 秒，${CONNECTIONS} 个连接`,
  );

  // the agent's netbar list
  const agent = await loginCookie(balanced, 'demo_agent', 1);
  // the 收银台: 20 cashiers of 10 stores, each with its store's five goods (stock through the API)
  const cashiers: { cookie: string; lines: { sku_id: number; qty: number }[]; due: number }[] = [];
  for (const [i, s] of stores.entries()) {
    const goods = await benchGoods(await login(`${direct}/api/v1/`, s.owner, 3), String(i + 1));
    const lines = goods.map((g, j) => ({ sku_id: g.sku, qty: 1 + (j % 3) }));
    const due = lines.reduce((a, l, j) => a + l.qty * goods[j]!.price, 0);
    for (const name of s.cashiers)
      cashiers.push({ cookie: await cookieOf(`${direct}/api/v1/`, name, 5), lines, due });
  }
  let seq = 0;
  const ringUpBody = (c: (typeof cashiers)[number]) =>
    JSON.stringify({
      request_id: `cr${process.pid}x${++seq}`,
      lines: c.lines,
      payments: [{ method: 'cash', amount_fen: c.due, tendered_fen: Math.ceil(c.due / 10000) * 10000 }],
    });
  // warm-up: every cashier rings up once (opens the shift), on both processes
  for (const base of [direct, balanced])
    for (const c of cashiers) {
      const r = await fetch(`${base}/api/v1/order_create`, {
        method: 'POST',
        headers: {
          cookie: c.cookie,
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
        },
        body: ringUpBody(c),
      });
      if (((await r.json()) as { status: number }).status !== 200) throw new Error('warm-up ring-up refused');
    }
  let orders = cashiers.length * 2;

  const rate = async (label: string, base: string, kind: 'list' | 'order') => {
    let conn = 0;
    const r = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 10,
      requests: [
        kind === 'list'
          ? {
              method: 'GET',
              path: '/api/v1/netbar_list?page=1&page_size=10',
              headers: { cookie: agent, 'x-requested-with': 'XMLHttpRequest' },
            }
          : {
              method: 'POST',
              path: '/api/v1/order_create',
              setupRequest: (req, context) => {
                const ctx = context as { c?: number };
                ctx.c ??= conn++ % cashiers.length;
                const c = cashiers[ctx.c]!;
                return {
                  ...req,
                  headers: {
                    cookie: c.cookie,
                    'content-type': 'application/json',
                    'x-requested-with': 'XMLHttpRequest',
                  },
                  body: ringUpBody(c),
                };
              },
            },
      ],
    });
    if (kind === 'order') orders += r['2xx'];
    const rps = r['2xx'] / (r.duration || SECONDS);
    console.log(
      `  ${label.padEnd(22)} ${rps.toFixed(1).padStart(7)} 次/秒（2xx ${r['2xx']}，非 2xx ${r.non2xx}，错误 ${r.errors}），p50 ${r.latency.p50} ms，p99 ${r.latency.p99} ms；负载 ${load()}`,
    );
    ok &&= r.non2xx === 0 && r.errors === 0;
    return rps;
  };
  for (const [kind, title] of [
    ['list', '代理商 网吧列表 GET netbar_list（demo_agent）'],
    ['order', '收银台 下单收款 POST order_create（20 名收银员，10 家门店）'],
  ] as const) {
    console.log(`\n【${title}】`);
    const one = await rate('一个进程（直连）', direct, kind);
    const two = await rate('两个进程（经 HAProxy）', balanced, kind);
    console.log(`  两进程 / 一进程 = ${(two / one).toFixed(2)}`);
  }
  // autocannon counts the answers within the duration; the requests still in flight then (at most one a
  // connection) are answered and written after it
  let made = -1;
  for (let n = await countOrders(dbUrl, stores); n !== made; n = await countOrders(dbUrl, stores)) {
    made = n;
    await new Promise((r) => setTimeout(r, 1500));
  }
  ok &&= made >= orders && made <= orders + 2 * CONNECTIONS && (await ledgersAgree(dbUrl, stores, made));

  // failover under a load of member top-ups (8 writers), as platform/cluster.test.ts
  const cookie = await loginCookie(balanced, 'demo_netbar', 3);
  let stop = false;
  const kill = writeLoad(balanced, cookie, members, 8, () => stop, 'cr-kill');
  await new Promise((r) => setTimeout(r, 3000));
  cluster.apps[0]!.child.kill('SIGKILL');
  await new Promise((r) => setTimeout(r, 5000));
  stop = true;
  const killed = await kill;
  const killFailed = killed.filter((r) => r.status !== 200).length;
  const why = (rs: WriteResult[]) =>
    [...new Set(rs.filter((r) => r.status !== 200).map((r) => `${r.http} ${r.msg}`))].slice(0, 3).join('；');
  console.log(
    `\n【kill -9 一个进程，8 个并发充值】${killed.length} 次，失败 ${killFailed} 次（被杀进程上进行中的请求）${why(killed)}；负载 ${load()}`,
  );
  await cluster.restart(0);
  stop = false;
  const term = writeLoad(balanced, cookie, members, 8, () => stop, 'cr-term');
  await new Promise((r) => setTimeout(r, 3000));
  const victim = cluster.apps[1]!.child;
  const exited = new Promise((resolve) => victim.once('exit', resolve));
  const sent = performance.now();
  victim.kill('SIGTERM');
  await exited;
  const ms = performance.now() - sent;
  await new Promise((r) => setTimeout(r, 1000));
  stop = true;
  const termed = await term;
  const termFailed = termed.filter((r) => r.status !== 200).length;
  console.log(
    `【SIGTERM 一个进程】${termed.length} 次，失败 ${termFailed} 次${why(termed)}；SIGTERM → 退出 ${Math.round(ms)} ms（含等待负载均衡摘除 ${DRAIN_MS} ms）；负载 ${load()}`,
  );
  const all = [...killed, ...termed];
  const { count, unequal } = await ledgerCheck(
    dbUrl,
    1,
    all.map((r) => r.requestId),
    members,
  );
  const acked = all.filter((r) => r.status === 200);
  const once = acked.every((r) => count.get(r.requestId) === 1);
  console.log(
    `  核对：已确认的充值 ${acked.length} 笔各入账一次 ${once ? '✓' : '✗'}；余额 = 流水之和 ${unequal.length ? `✗ ${unequal}` : '✓'}`,
  );
  ok &&= once && !unequal.length && termFailed === 0;
} catch (e) {
  console.error(e);
  ok = false;
} finally {
  await cluster?.stop();
  await scratch.drop();
}
process.exit(ok ? 0 : 1);

async function countOrders(dbUrl: string, stores: { id: number }[]): Promise<number> {
  const ids = stores.map((s) => s.id);
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  const r = await c.query<{ n: number }>('select count(*)::int as n from orders where netbar_id = any($1)', [
    ids,
  ]);
  await c.end();
  return r.rows[0]!.n;
}
