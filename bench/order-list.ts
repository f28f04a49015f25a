// Issue 13's figure: the shopping order list (/order_list, decision 133) with 1,000,000 orders in one
// store (星际网咖旗舰店) on PostgreSQL: page 1 and a filtered page (已完成 + 现金 + one cashier over a
// month), server time p50/p99 over HTTP on loopback; goal p99 ≤ 50 ms. Seeds with generate_series:
// orders over 90 days, one line each, a payment for each paid one. Prints the EXPLAIN of both pages.
// `npm run bench -- order-list --orders 200000` for a smaller run.
import { sql } from 'drizzle-orm';
import { rows } from '../apps/server/src/db/client.ts';
import { listWhere } from '../apps/server/src/modules/order/order-list.repo.ts';
import { benchGoods, fmt, login, pct, startBenchApp } from './order-bench-kit.ts';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const N = arg('orders', 1_000_000);
const RUNS = arg('runs', 200);

const b = await startBenchApp('orderlist');
if (!b) process.exit(0);
let ok = true;
try {
  const db = b.database.db;
  const owner = await login(b.base, 'demo_netbar', 3);
  const goods = await benchGoods(owner, '1');
  const ids = await rows<{ nid: number; owner: number; staff: number }>(
    db,
    sql`select n.id as nid, n.owner_user_id as owner, (select id from users where user_name = 'demo_netbar_staff') as staff
        from netbars n where n.name = '星际网咖旗舰店'`,
  );
  const { nid, owner: ownerId, staff } = ids[0]!;
  const skus = goods.map((g) => g.sku);
  const t0 = performance.now();
  // 5 cashiers (the owner, the staff, three more ids); statuses: 70% done, 10% unpaid, 5% cancelled, 5% refunded,
  // 5% part_refunded, 5% paid; sources mostly counter; created over the last 90 days
  await db.execute(sql`
    insert into orders (netbar_id, order_no, source, status, cashier_id, cashier_name, list_fen, discount_fen, total_fen,
                        paid_fen, refunded_fen, request_id, created_at, paid_at, cancelled_at, done_at)
    select ${nid}, 'BN' || lpad(i::text, 10, '0'),
      (array['counter','counter','counter','seat','table'])[1 + i % 5],
      st, c, '收银员' || (i % 5), tot, 0, tot,
      case when st in ('unpaid', 'cancelled') then 0 else tot end,
      case when st = 'refunded' then tot when st = 'part_refunded' then tot / 2 else 0 end,
      'bench' || i, at,
      case when st in ('unpaid', 'cancelled') then null else at end,
      case when st = 'cancelled' then at end,
      case when st = 'done' then at end
    from (select i, now() - (i::float8 / ${N}) * interval '90 days' as at,
            (array[${ownerId}, ${staff}, 900001, 900002, 900003])[1 + i % 5] as c,
            300 + (i % 17) * 100 as tot,
            case when i % 20 < 14 then 'done' when i % 20 < 16 then 'unpaid' when i % 20 = 16 then 'cancelled'
                 when i % 20 = 17 then 'refunded' when i % 20 = 18 then 'part_refunded' else 'paid' end as st
          from generate_series(1, ${N}) i) x`);
  await db.execute(sql`
    insert into order_lines (order_id, netbar_id, sku_id, goods_id, name, qty, list_fen, unit_fen, total_fen, cost_fen)
    select o.id, o.netbar_id, k.id, k.goods_id, '压测商品', 1, o.total_fen, o.total_fen, o.total_fen, 100
    from orders o join goods_skus k on k.id = (${sql.raw(`array[${skus.join(',')}]`)})[(1 + o.id % 5)::int]
    where o.request_id like 'bench%'`);
  await db.execute(sql`
    insert into order_payments (order_id, netbar_id, method, amount_fen, tendered_fen, change_fen, request_id, seq, at)
    select o.id, o.netbar_id, (array['cash','cash','member','scan'])[(1 + o.id % 4)::int], o.paid_fen, o.paid_fen, 0, o.request_id, 1, o.paid_at
    from orders o where o.request_id like 'bench%' and o.paid_fen > 0`);
  await db.execute(sql`analyze orders`);
  await db.execute(sql`analyze order_lines`);
  await db.execute(sql`analyze order_payments`);
  console.log(
    `写入 ${N} 单（每单 1 行商品，已付的 1 笔支付）用时 ${((performance.now() - t0) / 1000).toFixed(1)} 秒`,
  );

  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() + 8 * 3600_000 - 30 * 86400_000).toISOString().slice(0, 10);
  const filtered = {
    status: 'done',
    pay_method: 'cash',
    cashier_id: staff,
    start: monthAgo,
    end: today,
  } as const;
  const scope = { netbarId: nid } as Parameters<typeof listWhere>[0];
  for (const [label, f] of [
    ['第 1 页', {}],
    ['筛选页', filtered],
  ] as const) {
    const plan = await rows<{ 'QUERY PLAN': string }>(
      db,
      sql`explain (analyze, buffers, costs off) select o.id from orders o where ${listWhere(scope, f)}
          order by o.created_at desc, o.id desc limit 20`,
    );
    console.log(`EXPLAIN ${label}：\n${plan.map((p) => `  ${p['QUERY PLAN']}`).join('\n')}`);
  }

  const measure = async (label: string, q: Record<string, unknown>) => {
    // the first view of a filter counts it in full once (decision 067); then the cached count is answered
    const first = await owner.get<{ count: number; estimated: boolean }>('order_list', {
      page_size: 20,
      ...q,
    });
    if (first.status !== 200) throw new Error(`${label}: ${first.msg}`);
    b.serverMs.clear();
    const client: number[] = [];
    for (let i = 0; i < RUNS; i++) client.push((await owner.get('order_list', { page_size: 20, ...q })).ms);
    const server = b.serverMs.get('/api/v1/order_list') ?? [];
    console.log(
      `${label}（共 ${first.data.count} 单${first.data.estimated ? '，计数缓存' : ''}；首次 ${first.ms.toFixed(0)} ms）：服务端 ${fmt(server)}；客户端往返 ${fmt(client)}`,
    );
    return pct(server, 0.99);
  };
  const p1 = await measure('第 1 页', {});
  const p2 = await measure('筛选页（已完成 + 现金 + 收银员 + 近 30 天）', filtered);
  const goal = p1 <= 50 && p2 <= 50;
  console.log(`目标：p99 ≤ 50 ms ${goal ? '✓' : '✗'}`);
} catch (e) {
  ok = false;
  console.error(e);
} finally {
  await b.close();
}
process.exit(ok ? 0 : 1);
