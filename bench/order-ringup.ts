// Issue 13's figure: ringing up a 5-line order — each line scanned (a barcode looked up on the server,
// goods_list?keyword=<barcode>), then the order priced on the server and paid in cash in one call
// (order_create with payments) — by 20 cashiers at once, over HTTP on loopback, against PostgreSQL.
// The 20 cashier sessions: 7 × demo_netbar and 7 × demo_netbar_staff in 星际网咖旗舰店 (one shared set
// of five goods, so their stock rows are contended as at a busy counter) and 6 × demo_netbar2 in 极速网吧.
// Prints the server time (request in → response finished) of the order call and of the whole order
// (5 scans + the order), p50/p99; goal p99 ≤ 150 ms. `npm run bench -- order-ringup --orders 40`
// (orders per cashier, default 30).
import { sql } from 'drizzle-orm';
import { rows } from '../apps/server/src/db/client.ts';
import { benchGoods, fmt, login, pct, type Session, startBenchApp } from './order-bench-kit.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const PER = arg('orders', 30);
/** Cashier sessions (default 20: 7 + 7 in the flagship store, 6 in the other). */
const N = arg('cashiers', 20);

const b = await startBenchApp('ringup');
if (!b) process.exit(0);
let ok = true;
try {
  const owner = await login(b.base, 'demo_netbar', 3);
  const owner2 = await login(b.base, 'demo_netbar2', 3);
  const goods1 = await benchGoods(owner, '1');
  const goods2 = await benchGoods(owner2, '2');
  const cashiers: { c: Session; goods: typeof goods1 }[] = [];
  for (let i = 0; i < 20 && cashiers.length < N; i++) {
    const [user, type, goods] =
      i < 7
        ? ['demo_netbar', 3, goods1]
        : i < 14
          ? ['demo_netbar_staff', 5, goods1]
          : ['demo_netbar2', 3, goods2];
    cashiers.push({ c: await login(b.base, user as string, type as number), goods: goods as typeof goods1 });
  }

  const orderMs: number[] = [];
  const refused = new Map<string, number>();
  let seq = 0;
  const ringUp = async (c: Session, goods: typeof goods1, timed: boolean) => {
    const t0 = performance.now();
    const lines: { sku_id: number; qty: number }[] = [];
    for (const g of goods) {
      const r = await c.get<{ list: { skus: { id: number; barcode: string }[] }[] }>('goods_list', {
        keyword: g.barcode,
        page: 1,
        page_size: 10,
      });
      const sku = r.data?.list?.[0]?.skus.find((k) => k.barcode === g.barcode);
      if (!sku) throw new Error(`scan ${g.barcode}: ${r.status} ${r.msg}`);
      lines.push({ sku_id: sku.id, qty: 1 + (seq % 3) });
    }
    const due = lines.reduce((a, l, i) => a + l.qty * goods[i]!.price, 0);
    const r = await c.post<{ order: { total_fen: number } }>('order_create', {
      request_id: `ringup${process.pid}x${++seq}`,
      lines,
      // the server prices the order: pay what it says (the bench's goods carry no promotion)
      payments: [{ method: 'cash', amount_fen: due, tendered_fen: Math.ceil(due / 10000) * 10000 }],
    });
    if (r.status !== 200) refused.set(r.msg, (refused.get(r.msg) ?? 0) + 1);
    if (timed) orderMs.push(performance.now() - t0);
  };
  // warm-up: every cashier rings up one order (opens its shift, fills caches and plans)
  await Promise.all(cashiers.map(({ c, goods }) => ringUp(c, goods, false)));
  b.serverMs.clear();
  const t0 = performance.now();
  await Promise.all(
    cashiers.map(async ({ c, goods }) => {
      for (let i = 0; i < PER; i++) await ringUp(c, goods, true);
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  const create = b.serverMs.get('/api/v1/order_create') ?? [];
  const scans = b.serverMs.get('/api/v1/goods_list') ?? [];
  console.log(
    `${N} 名收银员并发（20 名时：旗舰店 14 个会话共用 5 种商品，极速网吧 6 个），每人 ${PER} 单，每单 5 行，现金支付`,
  );
  console.log(
    `完成 ${create.length} 单，用时 ${secs.toFixed(1)} 秒（${(create.length / secs).toFixed(1)} 单/秒）`,
  );
  console.log(`  下单并收款 order_create 服务端耗时：${fmt(create)}`);
  console.log(`  扫码查价 goods_list 服务端耗时：${fmt(scans)}`);
  console.log(`  整单客户端往返（回环，含排队）：${fmt(orderMs)}`);
  for (const [msg, n] of refused) console.log(`  拒绝「${msg}」× ${n}`);
  // the ledgers agree: every paid order's till rows and stock sale
  const check = await rows<{ orders: number; till: number; paid: number; sale_rows: number }>(
    b.database.db,
    sql`select (select count(*) from orders where status = 'done')::int as orders,
          (select coalesce(sum(amount_fen), 0) from till_ledger where kind = 'sale')::float8 as till,
          (select coalesce(sum(paid_fen), 0) from orders)::float8 as paid,
          (select count(*) from stock_ledger where ref_type = 'sale')::int as sale_rows`,
  );
  const c = check[0]!;
  const agree = c.till === c.paid && c.sale_rows === c.orders * 5;
  console.log(
    `  核对：已完成 ${c.orders} 单，钱箱销售 ${c.till} 分 = 订单实付 ${c.paid} 分，库存销售流水 ${c.sale_rows} 行 ${agree ? '✓' : '✗'}`,
  );
  const goal = pct(create, 0.99) <= 150;
  console.log(`目标：下单收款 p99 ≤ 150 ms ${goal ? '✓' : '✗'}`);
  ok = agree && refused.size === 0;
} finally {
  await b.close();
}
process.exit(ok ? 0 : 1);
