import { sql } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import { drawIds, insertTill, settleStock } from './demo-rows.ts';
import { deskSessionDemo } from './desk-sessions.ts';
import { leaseDemo } from './lease.ts';
import { prng } from './member.ts';
import { type DemoOrder, insertOrders } from './order-rows.ts';
import { loadShelf } from './shelf.ts';
import { loadShifts } from './shift.ts';
import { DemoShop } from './shop.ts';
import { bookTopUps, closeShifts, pettyRows } from './till.ts';

/**
 * The counter's 90 days (issue 13 item 7, decision 137), after the member demo: walk-in customers buying
 * at the counter in every shift (cash with change, or scan; a few refunds), the members' top-ups booked in
 * the till of the shift on duty, a little petty cash, the flagship's leases (demo/lease.ts) and its rooms'
 * and tables' settled sessions with the goods ordered to them (demo/desk-sessions.ts, decision 138), and every shift handed over with its
 * count. The member walk already wrote the members' orders (seat and counter, paid from the balance); the
 * counter's stock is settled once here for both (levels, chain, monthly sums). Idempotent per store; fixed seed.
 */

const MINUTE_MS = 60_000;
/** Walk-in orders of a whole 早班 and 晚班 (before ±30%). */
const WALK_INS: Record<string, [number, number]> = {
  星际网咖旗舰店: [14, 9],
  星际网咖二店: [7, 5],
  星际网咖三店: [6, 4],
  极速网吧: [5, 3],
};

export async function orderDemo(db: Db): Promise<void> {
  const stores = await rows<{ id: number; name: string }>(
    db,
    sql`select id, name from netbars where name in ('星际网咖旗舰店', '极速网吧', '星际网咖二店', '星际网咖三店') order by id`,
  );
  for (const st of stores) {
    const nid = Number(st.id);
    const done = await rows(
      db,
      sql`select 1 from shifts where netbar_id = ${nid} and expected_cash_fen is not null limit 1`,
    );
    if (done.length) continue;
    const flagship = st.name === '星际网咖旗舰店';
    await db.transaction(async (tx) => {
      const shifts = await loadShifts(tx, nid);
      if (!shifts.list.length) return;
      const shop = new DemoShop(await loadShelf(tx, nid), shifts);
      const rnd = prng(nid * 104_729 + 13);
      const now = Date.now();
      const orders: Omit<DemoOrder, 'id'>[] = [];
      for (const s of shifts.list) {
        const end = s.end ?? now - 5 * MINUTE_MS;
        const day = new Date(s.start + 8 * 3600_000).getUTCHours() === 8;
        const n = Math.round(
          ((end - s.start) / (12 * 3600_000)) *
            (WALK_INS[st.name] ?? [5, 3])[day ? 0 : 1]! *
            (0.7 + rnd() * 0.6),
        );
        const times = Array.from(
          { length: n },
          () => s.start + 2 * MINUTE_MS + rnd() * (end - s.start - 4 * MINUTE_MS),
        ).sort((a, b) => a - b);
        for (const at of times) {
          const o = shop.walkIn(rnd, Math.floor(at / 1000) * 1000);
          if (o) orders.push(o);
        }
      }
      const ids = await drawIds(tx, 'orders_id_seq', orders.length);
      await insertOrders(
        tx,
        nid,
        orders.map((o, k) => ({ ...o, id: ids[k]! })),
      );
      await bookTopUps(tx, nid, shifts);
      await insertTill(tx, pettyRows(nid, shifts, rnd));
      if (flagship) await leaseDemo(tx, nid, shifts, now);
      await deskSessionDemo(tx, nid, shifts, now, shop);
      // the counter's levels and chain once, after the member walk's and these writers, the tables' goods
      // included (decision 137)
      await settleStock(tx, nid);
      await closeShifts(tx, nid, shifts, rnd);
    });
  }
}
