// Issue 13's figure: ringing up a 5-line order — scan, price, pay cash — by 20 cashiers at once, over
// HTTP on loopback, against PostgreSQL. As the 收银台 works now (decisions 131, 141) it loads its
// catalogue once (order_catalog, before the run) and scans and prices in the browser, so a ring-up is
// one request: the order priced on the server and paid in cash (order_create with payments).
// `--scan quote`: each scan also asks the server's quote of the cart so far (goods_price_quote, the
// screen's way before decision 141); `--scan lookup`: each scan asks goods_list?keyword=<barcode>.
// Goal: ≤ 150 ms server time per ring-up at p99.
//
// Two cases, each on its own stores seeded in the scratch database (order-ringup-seed.ts), each store
// with its own five goods and stock (through the API):
// - 分散 (spread, the goal's case): 20 distinct cashier users, 10 stores × 2 cashiers, as netbars are;
// - 热点 (hot spot): 20 distinct cashiers of ONE store ringing up the same five goods (every order
//   locks the same five stock rows), reported beside it.
// The app runs in a child process (order-ringup-server.ts); server time = its HTTP 'request' event to the
// response's 'finish' (pool and event-loop waits inside the server included, the client's not). A
// ring-up's server time is the sum over its requests (1, or 6 with server-side scans). Before the run one ring-up is made alone and
// its SQL statements counted. After each case: till, stock and order totals must agree.
// `npm run bench -- order-ringup [--orders 30] [--case spread|hot] [--stores 10] [--cashiers 2] [--pool 10] [--think 0]`
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/demo/seed.ts';
import { benchGoods, login, pct } from './order-bench-kit.ts';
import { callAs, cookieOf, fmt3, ledgersAgree } from './order-ringup-kit.ts';
import { type RingupStore, seedRingupStores } from './order-ringup-seed.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const caseArg = process.argv.includes('--case') ? process.argv[process.argv.indexOf('--case') + 1] : '';
const PER = arg('orders', 30);
const STORES = arg('stores', 10);
const PER_STORE = arg('cashiers', 2);
const POOL = arg('pool', 0);
/** A cashier's pause after each ring-up, ms (jittered ±50%); 0: back to back, the server saturated. */
const THINK = arg('think', 0);
/** local (default): scans in the browser, as the 收银台 does; quote: goods_price_quote per scan; lookup: goods_list?keyword. */
const SCAN = process.argv.includes('--scan') ? process.argv[process.argv.indexOf('--scan') + 1] : 'local';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = new pg.Client({ connectionString: url });
if (
  !(await admin.connect().then(
    () => true,
    () => false,
  ))
) {
  console.log(`PostgreSQL：${url} 无法连接，跳过`);
  process.exit(0);
}
const dbName = `nb_ringup_${process.pid}`;
await admin.query(`create database ${dbName}`);
const u = new URL(url);
u.pathname = `/${dbName}`;
const dbUrl = u.toString();
let child: ReturnType<typeof spawn> | undefined;
let ok = true;
try {
  const setup = await openDatabase({ databaseUrl: dbUrl });
  await migrate(setup);
  await seedDemo(setup.db);
  await setup.close();
  const seed = new pg.Client({ connectionString: dbUrl });
  await seed.connect();
  let spread: RingupStore[];
  let hot: RingupStore[];
  try {
    spread = await seedRingupStores(seed, 'ringup', STORES, PER_STORE);
    hot = await seedRingupStores(seed, 'hot', 1, STORES * PER_STORE);
  } finally {
    await seed.end();
  }

  child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      new URL('order-ringup-server.ts', import.meta.url).pathname,
      dbUrl,
      String(POOL || ''),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const waiting: ((x: unknown) => void)[] = [];
  createInterface({ input: child.stdout! }).on('line', (l) => waiting.shift()?.(JSON.parse(l)));
  const next = <T>() => new Promise<T>((r) => waiting.push(r as (x: unknown) => void));
  const { port } = await next<{ port: number }>();
  const stats = () => {
    const p = next<{ byPath: Record<string, number[]>; byTag: Record<string, number>; statements: number }>();
    child!.stdin!.write('stats\n');
    return p;
  };
  const base = `http://127.0.0.1:${port}/api/v1/`;
  console.log(
    `机器负载（uptime）：${(await import('node:os'))
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}；连接池 ${POOL || '默认'}`,
  );

  type Goods = Awaited<ReturnType<typeof benchGoods>>;
  const cashiersOf = async (stores: RingupStore[], tag: string) => {
    const out: { cookie: string; goods: Goods }[] = [];
    for (const [i, s] of stores.entries()) {
      const goods = await benchGoods(await login(base, s.owner, 3), `${tag}${i + 1}`);
      for (const name of s.cashiers) {
        const cookie = await cookieOf(base, name, 5);
        // the 收银台's catalogue, loaded once (not part of a ring-up)
        const r = await callAs(base, cookie, 'catalog')('goods_list', undefined, {
          page: 1,
          page_size: 1000,
          shelf_status: 1,
        });
        if (r.status !== 200) throw new Error(`catalog ${name}: ${r.msg}`);
        out.push({ cookie, goods });
      }
    }
    return out;
  };
  let seq = 0;
  const refused = new Map<string, number>();
  /** One ring-up: 5 scans, then the order priced and paid in cash; every request tagged `tag`. */
  const ringUp = async (cookie: string, goods: Goods, tag: string, scanned?: () => Promise<unknown>) => {
    const call = callAs(base, cookie, tag);
    const lines: { sku_id: number; qty: number }[] = [];
    for (const g of goods) {
      const qty = 1 + (seq % 3);
      if (SCAN === 'lookup') {
        // the barcode looked up on the server
        const r = await call<{ list: { skus: { id: number; barcode: string }[] }[] }>(
          'goods_list',
          undefined,
          {
            keyword: g.barcode,
            page: 1,
            page_size: 10,
          },
        );
        const sku = r.data?.list?.[0]?.skus.find((k) => k.barcode === g.barcode);
        if (!sku) throw new Error(`scan ${g.barcode}: ${r.status} ${r.msg}`);
        lines.push({ sku_id: sku.id, qty });
      } else {
        // the barcode found in the catalogue the screen holds (decision 141)
        lines.push({ sku_id: g.sku, qty });
        if (SCAN === 'local') continue;
        // --scan quote: the server's quote of the cart so far
        const r = await call<{ total_fen: number }>('goods_price_quote', {
          lines: JSON.stringify(lines),
          member: '0',
        });
        if (r.status !== 200) throw new Error(`quote: ${r.status} ${r.msg}`);
      }
    }
    await scanned?.();
    const due = lines.reduce((a, l, i) => a + l.qty * goods[i]!.price, 0);
    const r = await call('order_create', {
      request_id: `ringup${process.pid}x${++seq}`,
      lines,
      // the server prices the order: pay what it says (the bench's goods carry no promotion)
      payments: [{ method: 'cash', amount_fen: due, tendered_fen: Math.ceil(due / 10000) * 10000 }],
    });
    if (r.status !== 200) refused.set(r.msg, (refused.get(r.msg) ?? 0) + 1);
  };

  const cases = [
    {
      key: 'spread',
      stores: spread,
      label: `分散：${STORES} 家门店 × 每店 ${PER_STORE} 名收银员，各店各自 5 种商品`,
    },
    {
      key: 'hot',
      stores: hot,
      label: `热点：1 家门店 ${STORES * PER_STORE} 名收银员，同 5 种商品（同 5 行库存）`,
    },
  ].filter((c) => !caseArg || c.key === caseArg);
  let counted = false;
  for (const k of cases) {
    const cashiers = await cashiersOf(k.stores, k.key === 'hot' ? '9' : '');
    // warm-up: every cashier rings up one order (opens its shift, fills caches and plans)
    await Promise.all(cashiers.map((x, i) => ringUp(x.cookie, x.goods, `w${k.key}${i}`)));
    if (!counted) {
      // statements of one ring-up made alone (nothing else running)
      counted = true;
      const per = { scan: [] as number[], create: [] as number[] };
      for (let i = 0; i < 3; i++) {
        await stats();
        await ringUp(cashiers[0]!.cookie, cashiers[0]!.goods, `c${i}`, async () => {
          per.scan.push((await stats()).statements / 5);
        });
        per.create.push((await stats()).statements);
      }
      console.log(
        `单独一单的 SQL 语句数（含 BEGIN/COMMIT/SAVEPOINT）：${SCAN === 'local' ? '' : `扫码每次 ${per.scan.join('/')}，`}下单收款 order_create ${per.create.join('/')}`,
      );
    }
    await stats();
    const t0 = performance.now();
    await Promise.all(
      cashiers.map(async (x, ci) => {
        // with pauses the cashiers do not start in step either
        if (THINK) await new Promise((r) => setTimeout(r, THINK * Math.random()));
        for (let i = 0; i < PER; i++) {
          await ringUp(x.cookie, x.goods, `${k.key}${ci}x${i}`);
          if (THINK) await new Promise((r) => setTimeout(r, THINK * (0.5 + Math.random())));
        }
      }),
    );
    const secs = (performance.now() - t0) / 1000;
    const st = await stats();
    const create = st.byPath['/api/v1/order_create'] ?? [];
    const scans = st.byPath[SCAN === 'lookup' ? '/api/v1/goods_list' : '/api/v1/goods_price_quote'] ?? [];
    const whole = Object.values(st.byTag);
    console.log(
      `\n【${k.label}】每人 ${PER} 单，每单 5 行，现金支付${THINK ? `，每单后停 ${THINK} ms 左右` : '，一单接一单'}`,
    );
    console.log(
      `  完成 ${create.length} 单，用时 ${secs.toFixed(1)} 秒（${(create.length / secs).toFixed(1)} 单/秒）`,
    );
    console.log(
      `  整单服务端耗时（${SCAN === 'local' ? '扫码在浏览器，仅' : '5 次扫码 + '}下单收款）：${fmt3(whole)}`,
    );
    console.log(`  下单收款 order_create：${fmt3(create)}`);
    if (SCAN !== 'local')
      console.log(`  扫码查价 ${SCAN === 'lookup' ? 'goods_list' : 'goods_price_quote'}：${fmt3(scans)}`);
    for (const [msg, n] of refused) console.log(`  拒绝「${msg}」× ${n}`);
    const agree = await ledgersAgree(
      dbUrl,
      k.stores,
      cashiers.length * (PER + 1) + (k.key === cases[0]!.key ? 3 : 0),
    );
    if (k.key === 'spread')
      console.log(`目标：整单服务端耗时 p99 ≤ 150 ms ${pct(whole, 0.99) <= 150 ? '✓' : '✗'}`);
    ok = ok && agree && refused.size === 0;
    refused.clear();
  }
} catch (e) {
  console.error(e);
  ok = false;
} finally {
  child?.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}
process.exit(ok ? 0 : 1);
