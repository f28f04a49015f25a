// bench/order-ringup.ts's console sessions (a cookie per cashier, every request tagged with its ring-up),
// its figures (p50/p95/p99) and the check that orders, till and stock agree after a case.
import pg from 'pg';
import { pct } from './order-bench-kit.ts';
import type { RingupStore } from './order-ringup-seed.ts';

/** Logs a console user in; its session cookie. */
export async function cookieOf(base: string, user_name: string, type: number): Promise<string> {
  const r = await fetch(`${base}login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ user_name, type, password: 'demo123456', captcha: '1234' }),
  });
  const body = (await r.json()) as { status: number; msg: string };
  if (body.status !== 200) throw new Error(`login ${user_name}: ${body.msg}`);
  return (r.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ');
}

/** Calls as the session, every request carrying `x-ringup: tag` (the server sums its time per tag). */
export const callAs =
  (base: string, cookie: string, tag: string) =>
  async <T = unknown>(path: string, body?: object, q?: Record<string, unknown>) => {
    const qs = q ? `?${new URLSearchParams(q as Record<string, string>)}` : '';
    const res = await fetch(`${base}${path}${qs}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        cookie,
        'x-requested-with': 'XMLHttpRequest',
        'content-type': 'application/json',
        'x-ringup': tag,
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as { status: number; msg: string; data: T };
  };

export const fmt3 = (xs: number[]) =>
  `p50 ${pct(xs, 0.5).toFixed(1)} ms，p95 ${pct(xs, 0.95).toFixed(1)} ms，p99 ${pct(xs, 0.99).toFixed(1)} ms，最大 ${pct(xs, 1).toFixed(1)} ms（${xs.length} 次）`;

/**
 * After a case, in its stores: every order done; till sales = orders paid = orders' totals = their lines'
 * totals; pieces sold by the lines = the sale ledger's outflow = what left the counter's levels (each
 * store took in 1,000,000 of each of its five goods at the counter); every level equals its ledger's sum.
 */
export async function ledgersAgree(url: string, stores: RingupStore[], expected: number): Promise<boolean> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const ids = stores.map((s) => s.id);
  const r = (
    await c.query(
      `select (select count(*) from orders where netbar_id = any($1))::int as orders,
          (select count(*) from orders where netbar_id = any($1) and status = 'done')::int as done,
          (select coalesce(sum(amount_fen), 0) from till_ledger where netbar_id = any($1) and kind = 'sale')::float8 as till,
          (select coalesce(sum(paid_fen), 0) from orders where netbar_id = any($1))::float8 as paid,
          (select coalesce(sum(total_fen), 0) from orders where netbar_id = any($1))::float8 as total,
          (select coalesce(sum(total_fen), 0) from order_lines where netbar_id = any($1))::float8 as lines_total,
          (select coalesce(sum(qty), 0) from order_lines where netbar_id = any($1))::float8 as sold,
          (select coalesce(-sum(delta), 0) from stock_ledger where netbar_id = any($1) and ref_type = 'sale')::float8 as ledger_sold,
          (select 5000000 * $2::int - coalesce(sum(qty), 0) from stock_levels where netbar_id = any($1) and location = 'counter')::float8 as level_sold,
          (select count(*) from stock_levels l where netbar_id = any($1) and (qty, value_fen) <> (select coalesce(sum(delta), 0), coalesce(sum(value_fen), 0)
             from stock_ledger g where g.netbar_id = l.netbar_id and g.item_kind = l.item_kind and g.item_id = l.item_id and g.location = l.location))::int as bad_levels`,
      [ids, ids.length],
    )
  ).rows[0] as Record<string, number>;
  await c.end();
  const agree =
    r.orders === expected &&
    r.done === expected &&
    r.till === r.paid &&
    r.paid === r.total &&
    r.total === r.lines_total &&
    r.sold === r.ledger_sold &&
    r.sold === r.level_sold &&
    r.bad_levels === 0;
  console.log(
    `  核对：订单 ${r.orders} 单（应 ${expected}，已完成 ${r.done}）；钱箱销售 ${r.till} 分 = 实付 ${r.paid} 分 = 应收 ${r.total} 分 = 明细合计 ${r.lines_total} 分；` +
      `售出 ${r.sold} 件 = 库存销售流水 ${r.ledger_sold} 件 = 吧台库存减少 ${r.level_sold} 件；库存与流水不符 ${r.bad_levels} 行 ${agree ? '✓' : '✗'}`,
  );
  return agree;
}
