import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';

/**
 * Shifts whose books do not add up (tests run it after each file; it should always be empty): a closed
 * shift's expected cash ≠ float + its cash rows, its over/short ≠ counted − expected, a movement of
 * another store or booked after the shift closed, or a cashier with two open shifts in a store.
 */
export async function shiftMismatches(db: Conn) {
  return rows<{ id: number; problem: string }>(
    db,
    sql`select s.id::int as id, 'expected cash' as problem from shifts s
          left join (select shift_id, sum(amount_fen) as cash from till_ledger where method = 'cash' group by shift_id) c
            on c.shift_id = s.id
        where s.status = 'closed' and s.expected_cash_fen <> s.float_fen + coalesce(c.cash, 0)
        union all
        select s.id::int, 'over/short' from shifts s
        where s.status = 'closed' and s.over_short_fen is distinct from s.counted_cash_fen - s.expected_cash_fen
        union all
        select distinct s.id::int, 'movement outside its shift' from till_ledger t join shifts s on s.id = t.shift_id
        where t.netbar_id <> s.netbar_id or t.at < s.opened_at - interval '1 second' or t.at > s.closed_at
        union all
        select min(id)::int, 'two open shifts' from shifts where status = 'open'
        group by netbar_id, cashier_id having count(*) > 1`,
  );
}
