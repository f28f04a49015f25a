import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { expectOrdersBalance } from '../test/counter-kit.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { drawIds } from './demo-rows.ts';
import { type DemoLine, type DemoOrder, insertOrders } from './order-rows.ts';
import { loadShelf } from './shelf.ts';
import { loadShifts } from './shift.ts';
import { cashPay } from './shop.ts';

/**
 * 抹分 in the demo (decision 143): the generated till takes whole 角 only, and a demo order whose cash
 * ends in 分 is written as payLocked and refundOrder write it — the cash part rounded down, the 分 as the
 * order's round_fen (off total_fen, in discount_fen), a partial cash refund rounded down with its own
 * round_fen, the last refund giving back all that was paid.
 */

let t: TestApp;
const q = <T>(s: ReturnType<typeof sql>) => rows<T>(t.database.db, s);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo cash in whole 角', () => {
  it('the generated till and cash payments carry no 分, and every demo order balances', async () => {
    const [f] = await q<{ till: number; pays: number; cash: number }>(
      sql`select (select count(*)::int from till_ledger where method = 'cash' and amount_fen % 10 <> 0) as till,
            (select count(*)::int from order_payments where method = 'cash' and (amount_fen % 10 <> 0 or tendered_fen % 10 <> 0)) as pays,
            (select count(*)::int from till_ledger where method = 'cash') as cash`,
    );
    expect(f).toMatchObject({ till: 0, pays: 0 });
    expect(f!.cash).toBeGreaterThan(1000);
    await expectOrdersBalance(t);
  });

  it('writes a cash order of ¥24.74 as ¥24.70 with 抹零 4 分, its refunds in whole 角, scan to the fen', async () => {
    const db = t.database.db;
    const nid = Number(
      (await q<{ id: number }>(sql`select id from netbars where name = '星际网咖旗舰店'`))[0]!.id,
    );
    const shift = (await loadShifts(db, nid)).list.at(-1)!;
    const [a, b] = (await loadShelf(db, nid)).skus;
    const line = (unit: number, qty: number): DemoLine => ({
      sku: { ...a!, price: unit },
      qty,
      unit,
      out: [],
    });
    const at = shift.start + 60_000;
    const refund = (lines: { idx: number; qty: number }[]) => ({
      at: at + 60_000,
      shift,
      lines,
      reason: '顾客不想要了',
      back: [],
    });
    const ids = await drawIds(db, 'orders_id_seq', 4);
    const base = { at, source: 'counter' as const, shift, member: null, machine: null };
    const orders: DemoOrder[] = [
      // 2 × 12.37 = 24.74 in cash with a 50 note, one unit back: share 12.37, cash back 12.30
      {
        ...base,
        id: ids[0]!,
        lines: [line(1237, 2)],
        pays: [cashPay(2474, 5000)],
        refund: refund([{ idx: 0, qty: 1 }]),
      },
      // 12.37 + 3.00 = 15.37 in cash, all back: the ¥15.30 paid
      {
        ...base,
        id: ids[1]!,
        lines: [line(1237, 1), { sku: b!, qty: 1, unit: 300, out: [] }],
        pays: [cashPay(1537)],
        refund: refund([
          { idx: 0, qty: 1 },
          { idx: 1, qty: 1 },
        ]),
      },
      {
        ...base,
        id: ids[2]!,
        lines: [line(1237, 1)],
        pays: [{ method: 'scan', amount: 1237, tendered: 1237 }],
      },
      { ...base, id: ids[3]!, lines: [line(1237, 1)], pays: [cashPay(1237)] },
    ];
    await db.transaction((tx) => insertOrders(tx, nid, orders));
    const got = await q<Record<string, unknown>>(
      sql`select o.status, o.round_fen::int as round, o.discount_fen::int as discount, o.total_fen::int as total,
            o.paid_fen::int as paid, o.refunded_fen::int as back, coalesce(r.round_fen, 0)::int as refund_round
          from orders o left join order_refunds r on r.order_id = o.id
          where o.id in (${ids[0]}, ${ids[1]}, ${ids[2]}, ${ids[3]}) order by o.id`,
    );
    expect(got).toEqual([
      {
        status: 'part_refunded',
        round: 4,
        discount: 4,
        total: 2470,
        paid: 2470,
        back: 1230,
        refund_round: 7,
      },
      { status: 'refunded', round: 7, discount: 7, total: 1530, paid: 1530, back: 1530, refund_round: 7 },
      { status: 'done', round: 0, discount: 0, total: 1237, paid: 1237, back: 0, refund_round: 0 },
      { status: 'done', round: 7, discount: 7, total: 1230, paid: 1230, back: 0, refund_round: 0 },
    ]);
    const till = await q<{ kind: string; method: string; amount: number }>(
      sql`select kind, method, amount_fen::int as amount from till_ledger
          where order_id in (${ids[0]}, ${ids[1]}, ${ids[2]}, ${ids[3]}) order by order_id, id`,
    );
    expect(till.map((x) => x.amount)).toEqual([2470, -1230, 1530, -1530, 1237, 1230]);
    const [pay] = await q<{ tendered: number; change: number }>(
      sql`select tendered_fen::int as tendered, change_fen::int as change from order_payments where order_id = ${ids[0]}`,
    );
    expect(pay).toEqual({ tendered: 5000, change: 2530 });
    const texts = await q<{ text: string }>(
      sql`select text from order_events where order_id = ${ids[0]} and kind in ('pay', 'refund') order by at`,
    );
    expect(texts.map((x) => x.text)).toEqual([
      '现金¥24.70（实收¥50.00，找零¥25.30），抹零¥0.04',
      '退款¥12.30（现金¥12.30），抹零¥0.07，原因：顾客不想要了',
    ]);
    await expectOrdersBalance(t);
  });
});
