import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';

/**
 * The leasing books' invariants (decision 128), checked after every lease test and by the demo test:
 * - every item's qty_on_hand and qty_out equal the sums of its ledger, and qty_out equals the units of its
 *   leases still out;
 * - every lease's till rows net to its deposit while it is out and to its fee once settled.
 * Each query answers the rows that break it (none, always).
 */
export async function leaseBookMismatches(db: Conn) {
  const items = await rows<{ id: number; name: string }>(
    db,
    sql`select i.id, i.name from lease_items i
        left join (select item_id, sum(hand_delta) as h, sum(out_delta) as o from lease_stock_ledger group by item_id) l
          on l.item_id = i.id
        left join (select item_id, sum(qty) as q from lease_orders where status = 'renting' group by item_id) r
          on r.item_id = i.id
        where i.qty_on_hand <> coalesce(l.h, 0) or i.qty_out <> coalesce(l.o, 0) or i.qty_out <> coalesce(r.q, 0)`,
  );
  const till = await rows<{ lease_no: string; till: number; expected: number }>(
    db,
    sql`select o.lease_no, coalesce(t.s, 0)::float8 as till,
          (case when o.status = 'renting' then o.deposit_fen else o.fee_fen end)::float8 as expected
        from lease_orders o
        left join lateral (select sum(amount_fen) as s from till_ledger t
          where t.netbar_id = o.netbar_id and t.request_id in ('lease-rent-' || o.request_id, 'lease-close-' || o.close_request_id)) t on true
        where coalesce(t.s, 0) <> case when o.status = 'renting' then o.deposit_fen else o.fee_fen end`,
  );
  return { items, till };
}
