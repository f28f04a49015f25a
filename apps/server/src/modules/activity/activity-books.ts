import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';

/**
 * The engine's books (decision 173), empty when they balance: per activity, spent_fen equals the claims'
 * cost and claims their count, never over budget; per prize, issued equals its claims and never exceeds
 * its quantity; every member-kind prize has its member ledger row ('prize', same request) carrying the
 * amount; every coupon prize its `amount` member coupons (decision 186); every draw's roll lies in its candidates' total and chose the prize the claim paid.
 */
export async function activityBookMismatches(db: Conn): Promise<string[]> {
  const r = await rows<{ problem: string }>(
    db,
    sql`select 'activity ' || a.id || ' spent/claims' as problem from activities a
          left join (select activity_id, sum(cost_fen) as cost, count(*) as n from activity_claims group by activity_id) c on c.activity_id = a.id
          where a.spent_fen <> coalesce(c.cost, 0) or a.claims <> coalesce(c.n, 0) or a.spent_fen > a.budget_fen
        union all
        select 'prize ' || p.id || ' issued' from activity_prizes p
          left join (select prize_id, count(*) as n from activity_claims where prize_id is not null group by prize_id) c on c.prize_id = p.id
          where p.issued <> coalesce(c.n, 0) or p.issued > p.quantity
        union all
        select 'claim ' || c.id || ' ledger' from activity_claims c
          where c.prize_kind in ('bonus', 'points', 'minutes') and not exists (
            select 1 from member_ledger l where l.netbar_id = c.netbar_id and l.request_id = 'act:' || c.request_id and l.seq = 2
              and l.kind = 'prize' and l.member_id = c.member_id
              and (case c.prize_kind when 'bonus' then l.bonus_delta when 'points' then l.points_delta else l.minutes_delta end) = c.amount)
        union all
        select 'claim ' || c.id || ' price' from activity_claims c
          where c.paid_kind <> 'none' and not exists (
            select 1 from member_ledger l where l.netbar_id = c.netbar_id and l.request_id = 'act:' || c.request_id and l.seq = 1
              and l.kind = 'prize_buy' and (case c.paid_kind when 'points' then -l.points_delta else -l.principal_delta end) = c.paid_amount)
        union all
        select 'claim ' || c.id || ' coupons' from activity_claims c
          where c.prize_kind = 'coupon' and c.amount <> (
            select count(*) from member_coupons k where k.member_id = c.member_id and k.activity_id = c.activity_id
              and k.request_id like 'act' || c.netbar_id || ':' || c.request_id || '#%')
        union all
        select 'draw ' || d.id from activity_draws d join activity_claims c on c.id = d.claim_id
          where d.roll >= d.total or d.prize_id <> c.prize_id`,
  );
  return r.map((x) => x.problem);
}
