import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';

/**
 * Tip books that do not add up (tests run it after each file; it should always be empty): a balance
 * whose figures differ from its ledger's sums or its last row's totals, a ledger row that does not
 * continue the staff member's previous one, a tip without its member ledger 'tip' row of the same amount,
 * a payout without its till 支出 of the same amount in the store.
 */
export async function tipBookMismatches(db: Conn) {
  return rows<{ id: number; problem: string }>(
    db,
    sql`select b.staff_user_id as id, 'balance ≠ ledger' as problem from tip_balances b
          left join (select netbar_id, staff_user_id, sum(amount_fen) filter (where kind = 'tip') as tipped,
                       -sum(amount_fen) filter (where kind = 'payout') as paid, count(*) filter (where kind = 'tip') as n,
                       max(id) as last
                     from tip_ledger group by 1, 2) l using (netbar_id, staff_user_id)
        where b.tipped_fen <> coalesce(l.tipped, 0) or b.paid_fen <> coalesce(l.paid, 0) or b.tips <> coalesce(l.n, 0)
          or b.last_ledger_id is distinct from l.last
        union all
        select id::int, 'row does not continue' from (
          select id, kind, amount_fen, tipped_after, paid_after,
                 lag(tipped_after, 1, 0::bigint) over w as tb, lag(paid_after, 1, 0::bigint) over w as pb
          from tip_ledger window w as (partition by netbar_id, staff_user_id order by id)) x
        where (kind = 'tip' and (tipped_after <> tb + amount_fen or paid_after <> pb))
           or (kind = 'payout' and (paid_after <> pb - amount_fen or tipped_after <> tb))
        union all
        select t.id::int, 'tip without its member ledger row' from tip_ledger t
          left join member_ledger l on l.id = t.member_ledger_id
        where t.kind = 'tip' and (l.id is null or l.kind <> 'tip' or l.principal_delta <> -t.amount_fen
          or l.bonus_delta <> 0 or l.member_id <> t.member_id or l.netbar_id <> t.netbar_id)
        union all
        select t.id::int, 'payout without its till row' from tip_ledger t
          left join till_ledger x on x.id = t.till_ledger_id
        where t.kind = 'payout' and (x.id is null or x.kind <> 'petty_out' or x.method <> 'cash'
          or x.amount_fen <> t.amount_fen or x.netbar_id <> t.netbar_id or x.shift_id <> t.shift_id)`,
  );
}
