import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayStart, nextDay } from '../../lib/day-bounds.ts';

/**
 * The settlement's SQL (decision 171). A day D takes, for netbars that have an agent:
 * - every payment paid in D (not a duplicate, not an agent's own wallet recharge) not taken before;
 * - every successful refund done before D ends, not taken before, whose payment was taken (now or on an
 *   earlier day): a refund done after its payment's day was settled is carried (carried = true).
 * The unique indexes of payment_profit_items take each payment and refund once, whatever runs twice.
 */

/** Claims the day: false when it was settled already (a re-run changes nothing). */
export async function claimDay(tx: Conn, day: string, by: number): Promise<boolean> {
  const r = await rows<{ day: string }>(
    tx,
    sql`insert into payment_profit_days (day, settled_by) values (${day}::date, ${by})
        on conflict (day) do nothing returning day::text`,
  );
  return r.length > 0;
}

export async function takeItems(tx: Conn, day: string) {
  const from = dayStart(day);
  const to = dayStart(nextDay(day));
  await tx.execute(sql`
    insert into payment_profit_items (day, netbar_id, method, kind, payment_id, amount_fen)
    select ${day}::date, p.netbar_id, p.method, 'pay', p.id, p.amount_fen
    from payments p join netbars n on n.id = p.netbar_id
    where p.paid_at >= ${from}::timestamptz and p.paid_at < ${to}::timestamptz and not p.duplicate
      and n.agent_id is not null and p.purpose <> 'wallet'
      and not exists (select 1 from pay_link_payments lp join pay_links l on l.id = lp.link_id
                      where lp.payment_no = p.payment_no and l.purpose = 'wallet')
    on conflict (payment_id) where kind = 'pay' do nothing`);
  await tx.execute(sql`
    insert into payment_profit_items (day, netbar_id, method, kind, payment_id, refund_id, amount_fen, carried)
    select ${day}::date, p.netbar_id, p.method, 'refund', p.id, r.id, r.amount_fen, taken.day < ${day}::date
    from payment_refunds r
      join payments p on p.id = r.payment_id
      join payment_profit_items taken on taken.payment_id = p.id and taken.kind = 'pay'
    where r.status = '成功' and r.done_at < ${to}::timestamptz
    on conflict (refund_id) where kind = 'refund' do nothing`);
}

/** The day's records from its items, at the rates of now; answers them per agent. */
export async function writeRecords(tx: Conn, day: string) {
  return rows<{ agent_id: number; records: number; profit_fen: string; net_fen: string }>(
    tx,
    sql`with g as (
          select i.netbar_id, i.method,
            count(*) filter (where i.kind = 'pay')::int as pay_count,
            coalesce(sum(i.amount_fen) filter (where i.kind = 'pay'), 0) as pay_fen,
            count(*) filter (where i.kind = 'refund')::int as refund_count,
            coalesce(sum(i.amount_fen) filter (where i.kind = 'refund'), 0) as refund_fen,
            count(*) filter (where i.kind = 'refund' and i.carried)::int as carried_count,
            coalesce(sum(i.amount_fen) filter (where i.kind = 'refund' and i.carried), 0) as carried_fen,
            string_agg(distinct case when i.carried then to_char(taken.day, 'MM-DD') end, '、') as carried_days
          from payment_profit_items i
            left join payment_profit_items taken on i.carried and taken.payment_id = i.payment_id and taken.kind = 'pay'
          where i.day = ${day}::date
          group by i.netbar_id, i.method
        ), calc as (
          select g.*, n.agent_id, r.fee_rate_bp, r.share_bp, g.pay_fen - g.refund_fen as net_fen,
            round((g.pay_fen - g.refund_fen) * r.fee_rate_bp / 10000.0)::bigint as fee_fen
          from g join netbars n on n.id = g.netbar_id join payment_profit_rates r on r.method = g.method
        ), ins as (
          insert into payment_profit_records (day, agent_id, netbar_id, method, pay_count, pay_fen, refund_count,
            refund_fen, carried_refund_count, carried_refund_fen, net_fen, fee_rate_bp, share_bp, fee_fen,
            profit_fen, note)
          select ${day}::date, agent_id, netbar_id, method, pay_count, pay_fen, refund_count, refund_fen,
            carried_count, carried_fen, net_fen, fee_rate_bp, share_bp, fee_fen,
            round(fee_fen * share_bp / 10000.0)::bigint,
            case when carried_count > 0
              then '含结转退款' || carried_count || '笔 ¥' || to_char(carried_fen / 100.0, 'FM999999990.00')
                   || '（原支付日 ' || carried_days || '，退款晚于当日结算）'
              else '' end
          from calc
          returning agent_id, profit_fen, net_fen
        )
        select agent_id, count(*)::int as records, sum(profit_fen)::text as profit_fen,
          sum(net_fen)::text as net_fen
        from ins group by agent_id order by agent_id`,
  );
}

/** The carry an agent's last credit before `day` left (≤ 0). */
export async function carryIn(tx: Conn, agentId: number, day: string): Promise<number> {
  const r = await rows<{ carry: string }>(
    tx,
    sql`select carry_out_fen::text as carry from payment_profit_credits
        where agent_id = ${agentId} and day < ${day}::date order by day desc limit 1`,
  );
  return Number(r[0]?.carry ?? 0);
}

export async function writeCredit(
  tx: Conn,
  c: { agentId: number; day: string; profit: number; carryIn: number; credited: number; carryOut: number },
) {
  await tx.execute(
    sql`insert into payment_profit_credits (agent_id, day, profit_fen, carry_in_fen, credited_fen, carry_out_fen)
        values (${c.agentId}, ${c.day}::date, ${c.profit}, ${c.carryIn}, ${c.credited}, ${c.carryOut})`,
  );
}

export async function closeDay(tx: Conn, day: string, records: number, net: number, profit: number) {
  await tx.execute(
    sql`update payment_profit_days set records = ${records}, net_fen = ${net}, profit_fen = ${profit}
        where day = ${day}::date`,
  );
}

/** Settled days, and the first day a payment was paid (where settling starts). */
export async function lastSettledDay(db: Conn): Promise<string | null> {
  const r = await rows<{ d: string | null }>(db, sql`select max(day)::text as d from payment_profit_days`);
  return r[0]?.d ?? null;
}

export async function firstPaidDay(db: Conn): Promise<string | null> {
  const r = await rows<{ d: string | null }>(
    db,
    sql`select to_char(min(paid_at) at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as d from payments
        where paid_at is not null`,
  );
  return r[0]?.d ?? null;
}
