import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';
import type { DemoShelf } from './shelf.ts';

/**
 * The counter (吧台) of a demo store as the stock demo (demo/goods.ts) left it, for the member walk's
 * goods redemptions (decision 118): a redemption takes one unit of a cheap good the counter stocks
 * (drinks, noodles, snacks: price ≤ ¥8, tracked, no recipe) for ¥1 = 50 points, only when the counter
 * holds it at that moment and keeps ≥ 0 at every later moment of its ledger (the stores' policy is
 * 禁止负库存; walks are not in time order, so each one checks the whole rest of the timeline). The
 * stock sales are then written set-based like the stock demo's history: one `sale` row per redemption
 * (request `redeem:<request_id>`, as member-redeem.service.ts), valued at moving average cost, the
 * level moved by the same sums, the store's 变动前/变动后 chained again in time order.
 */

export interface RedeemGoods {
  sku: number;
  name: string;
  qty: number;
  points: number;
  /** Book value leaving with it (moving average at that moment, as applyMove values an outflow). */
  value: number;
}

export interface DemoCounter {
  /** When the counter first received any of these goods. */
  since: number;
  /** A good to redeem at `at` with at most `points`, its stock reserved; none when nothing fits. */
  take(at: number, points: number): RedeemGoods | undefined;
}

/** The redemption counter on the store's shelf (demo/shelf.ts): the same timelines its sales take from. */
export function demoCounter(shelf: DemoShelf): DemoCounter | undefined {
  const items = shelf.skus
    .filter((k) => k.track && !k.recipe.length && k.price >= 100 && k.price <= 800)
    .map((k) => ({ sku: k, points: Math.round(k.price / 20) * 10 }));
  if (!items.length) return undefined;
  return {
    since: shelf.since,
    take(at, points) {
      const fit = items.filter((i) => i.points <= points);
      for (let k = 0; k < fit.length; k++) {
        const item = fit[(Math.floor(at / 60_000) + k) % fit.length]!;
        const got = shelf.sell(at, item.sku, 1);
        if (got)
          return { sku: item.sku.id, name: item.sku.name, qty: 1, points: item.points, value: got[0]!.value };
      }
      return undefined;
    },
  };
}

/** Writes one stock sale per redemption; returns each one's sale id by the redemption's request id. */
export async function insertRedeemSales(
  tx: Conn,
  nid: number,
  user: { id: number; name: string },
  rs: { rid: string; at: number; goods: RedeemGoods }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (rs.length) await writeSales(tx, nid, user, rs, out);
  return out;
}

async function writeSales(
  tx: Conn,
  nid: number,
  user: { id: number; name: string },
  rs: { rid: string; at: number; goods: RedeemGoods }[],
  out: Map<string, number>,
) {
  const seq = await rows<{ id: string }>(
    tx,
    sql`select nextval('stock_sales_id_seq') as id from generate_series(1, ${rs.length})`,
  );
  const sales = rs.map((r, j) => {
    const id = Number(seq[j]!.id);
    // XS + the sale's Beijing time + the id's last 6 digits, as insertSale numbers it
    const bj = new Date(r.at + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
    out.set(r.rid, id);
    return { ...r, id, no: `XS${bj}${String(id % 1_000_000).padStart(6, '0')}` };
  });
  const when = (at: number) => sql`${new Date(at).toISOString()}::timestamptz`;
  await rows(
    tx,
    sql`insert into stock_sales (id, netbar_id, request_id, sale_no, lines, user_id, created_at)
        values ${sql.join(
          sales.map(
            (s) =>
              sql`(${s.id}, ${nid}, ${`redeem:${s.rid}`}, ${s.no}, ${JSON.stringify([{ sku_id: s.goods.sku, qty: s.goods.qty }])}::jsonb, ${user.id}, ${when(s.at)})`,
          ),
          sql`, `,
        )}`,
  );
  // the monthly sums are rebuilt by settleStock (demo-rows.ts) with the levels and the chain
  await tx.execute(sql`alter table stock_ledger disable trigger stock_ledger_month`);
  await rows(
    tx,
    sql`insert into stock_ledger (netbar_id, item_kind, item_id, location, delta, qty_before, qty_after, cost_fen, value_fen, ref_type, sale_id, ref_no, user_id, user_name, at)
        values ${sql.join(
          sales.map(
            (s) =>
              sql`(${nid}, 'goods', ${s.goods.sku}, 'counter', ${-s.goods.qty}, 0, 0, ${Math.abs(Math.round(s.goods.value / s.goods.qty))}, ${s.goods.value},
                   'sale', ${s.id}, ${s.no}, ${user.id}, ${user.name}, ${when(s.at)})`,
          ),
          sql`, `,
        )}`,
  );
  await tx.execute(sql`alter table stock_ledger enable trigger stock_ledger_month`);
  const ids = sql.join(
    sales.map((s) => sql`${s.id}`),
    sql`, `,
  );
  await rows(
    tx,
    sql`update stock_levels v set qty = v.qty + x.q, value_fen = v.value_fen + x.val, last_ledger_id = greatest(v.last_ledger_id, x.last)
        from (select item_id, sum(delta) as q, sum(value_fen) as val, max(id) as last from stock_ledger where sale_id in (${ids}) group by item_id) x
        where v.netbar_id = ${nid} and v.item_kind = 'goods' and v.location = 'counter' and v.item_id = x.item_id`,
  );
}

/**
 * 变动前/变动后 of the store's rows chained again in time order, the redemptions among them (the stock
 * demo's backdated days also leave a same-day restock and sale out of id order). The ledger is
 * append-only (decision 053): as the stock demo dates its history, the guard is lifted for this only.
 */
export async function rechain(tx: Conn, nid: number) {
  await tx.execute(sql`alter table stock_ledger disable trigger stock_ledger_no_change`);
  await rows(
    tx,
    sql`update stock_ledger l set qty_before = c.run - l.delta, qty_after = c.run
        from (select id, sum(delta) over (partition by item_kind, item_id, location order by at, id) as run
              from stock_ledger where netbar_id = ${nid}) c
        where c.id = l.id and (l.qty_after <> c.run or l.qty_before <> c.run - l.delta)`,
  );
  await tx.execute(sql`alter table stock_ledger enable trigger stock_ledger_no_change`);
}
