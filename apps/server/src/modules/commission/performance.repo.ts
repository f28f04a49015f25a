import type { PerformanceFigure, PerformanceFigures } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayStart, nextDay } from '../../lib/day-bounds.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import { worksIn } from './commission-rule.repo.ts';

/**
 * The records behind staff performance (decision 147), one set-based statement per answer: every record of
 * the store in the period with the staff member it counts for, its basis, the rule in force for that person
 * on the record's day (a person's rule first, then their role's) and the commission it earned. A refund
 * counts at its own time: on an order paid in the period it lowers 商品销售; on an order paid before the
 * period it is a 退款冲减 record, taken back at the rate of the rule the sale was paid by.
 */

export interface Period {
  start: string;
  end: string;
}
export interface RecordFilter {
  /** Only this staff member's records. */
  who?: number;
  /** Only this figure's records. */
  figure?: PerformanceFigure;
}

/** One SELECT per source, each with fig, kind, user_id, at, rule_at, basis, n, ref_no, order_no, rid. */
function branches(nid: number, p: Period, f: RecordFilter): SQL[] {
  const from = dayStart(p.start);
  const to = dayStart(nextDay(p.end));
  const inP = (col: string) =>
    sql`${sql.raw(col)} >= ${from}::timestamptz and ${sql.raw(col)} < ${to}::timestamptz`;
  const who = (col: string) => (f.who ? sql`and ${sql.raw(col)} = ${f.who}` : sql``);
  const want = (...figs: PerformanceFigure[]) => !f.figure || figs.includes(f.figure);
  const out: SQL[] = [];
  if (want('goods'))
    out.push(sql`select 'goods'::text as fig, 'goods_pct'::text as kind, o.cashier_id as user_id, o.paid_at as at,
        o.paid_at as rule_at, o.total_fen::bigint as basis, 1 as n, o.order_no as ref_no, ''::text as order_no, o.id as rid
      from orders o where o.netbar_id = ${nid} and ${inP('o.paid_at')} and o.created_at < ${to}::timestamptz ${who('o.cashier_id')}`);
  if (want('goods', 'refund')) {
    const fig = f.figure ? sql`and (o.paid_at >= ${from}::timestamptz) = ${f.figure === 'goods'}` : sql``;
    out.push(sql`select case when o.paid_at >= ${from}::timestamptz then 'goods' else 'refund' end, 'goods_pct',
        o.cashier_id, r.at, o.paid_at, -r.amount_fen::bigint, 0, r.refund_no, o.order_no, r.id
      from order_refunds r join orders o on o.id = r.order_id
      where r.netbar_id = ${nid} and r.amount_fen > 0 and ${inP('r.at')} ${fig} ${who('o.cashier_id')}`);
  }
  if (want('desk'))
    out.push(sql`select 'desk', 'desk_pct', d.cashier_id, d.closed_at, d.closed_at,
        (d.time_fee_fen + d.min_topup_fen)::bigint, 1, d.session_no, '', d.id
      from desk_sessions d where d.netbar_id = ${nid} and d.status = 'settled' and ${inP('d.closed_at')} ${who('d.cashier_id')}`);
  if (want('lease'))
    out.push(sql`select 'lease', 'lease_pct', l.cashier_id, l.closed_at, l.closed_at, l.fee_fen::bigint, 1, l.lease_no, '', l.id
      from lease_orders l where l.netbar_id = ${nid} and l.status <> 'renting' and ${inP('l.closed_at')} ${who('l.cashier_id')}`);
  if (want('topup'))
    out.push(sql`select 'topup', 'topup_fixed', m.user_id, m.at, m.at, m.paid_fen::bigint, 1,
        coalesce(nullif(m.ref_no, ''), concat('充值', m.id)), '', m.id
      from member_ledger m where m.netbar_id = ${nid} and m.kind = 'topup' and ${inP('m.at')} ${who('m.user_id')}`);
  if (want('new_member'))
    out.push(sql`select 'new_member', 'new_member_fixed', mb.created_by, mb.created_at, mb.created_at, 0::bigint, 1,
        concat(mb.card_mask, ' ', mb.name), '', mb.id
      from members mb where mb.netbar_id = ${nid} and mb.created_by is not null and ${inP('mb.created_at')} ${who('mb.created_by')}`);
  if (want('seat'))
    out.push(sql`select 'seat', 'seat_delivery_fixed', e.user_id, e.at, e.at, 0::bigint, 1, o.order_no, '', e.id
      from order_events e join orders o on o.id = e.order_id
      where e.netbar_id = ${nid} and e.kind = 'deliver' and o.source = 'seat' and ${inP('e.at')} ${who('e.user_id')}`);
  return out;
}

/**
 * `recs`: the records; `m`: each with the rule in force (person first, then the role the person held on
 * the record's day, from netbar_staff_positions: decision 149; before their first row, their first role) and its commission,
 * rounded per record (half away from zero) so a drill-down's lines add up to its figure. `m` is computed
 * once (materialized): inlined, the planner re-ran it per staff member.
 */
function matched(nid: number, p: Period, f: RecordFilter): SQL {
  return sql`recs (fig, kind, user_id, at, rule_at, basis, n, ref_no, order_no, rid) as (${sql.join(branches(nid, p, f), sql` union all `)}),
    m as materialized (
      select x.*, ru.id as rule_id, ru.target_type, ru.role as rule_role, ru.rate_bp, ru.amount_fen,
        case when ru.id is null then 0
             when right(ru.kind, 4) = '_pct' then round(x.basis * ru.rate_bp / 10000.0)
             else x.n * ru.amount_fen end::float8 as commission
      from recs x
      left join lateral (
        select p.position from netbar_staff_positions p where p.user_id = x.user_id
        order by p.from_day > (x.rule_at at time zone 'Asia/Shanghai')::date,
          abs(p.from_day - (x.rule_at at time zone 'Asia/Shanghai')::date) limit 1) st on true
      left join lateral (
        select r.id, r.kind, r.target_type, r.role, r.rate_bp, r.amount_fen from commission_rules r
        where r.netbar_id = ${nid} and r.kind = x.kind
          and r.start_day <= (x.rule_at at time zone 'Asia/Shanghai')::date
          and (r.end_day is null or r.end_day >= (x.rule_at at time zone 'Asia/Shanghai')::date)
          and (r.user_id = x.user_id or (r.user_id is null and r.role = st.position))
        order by r.user_id is null limit 1) ru on true)`;
}

const fig = (name: string) => ({
  n: sql.raw(`count(*) filter (where m.fig = '${name}' and m.n = 1)::int`),
  fen: sql.raw(`coalesce(sum(m.basis) filter (where m.fig = '${name}'), 0)::float8`),
  com: sql.raw(`coalesce(sum(m.commission) filter (where m.fig = '${name}'), 0)::float8`),
});
const g = fig('goods');
const d = fig('desk');
const l = fig('lease');
const t = fig('topup');
const nm = fig('new_member');
const s = fig('seat');
const rf = fig('refund');

export type PerformanceSumRow = PerformanceFigures & { user_id: number; name: string; role: string };

/**
 * Per staff member: the store's staff (or only `who`) and any type-5 user with records in the period,
 * each figure's basis, count and commission (the statement is exported for the bench's EXPLAIN).
 */
export const performanceSumsSql = (nid: number, p: Period, who?: number): SQL =>
  sql`with ${matched(nid, p, { who })}
        select u.id as user_id, coalesce(nullif(u.true_name, ''), u.user_name) as name, coalesce(st.position, '') as role,
          ${g.n} as goods_count, ${g.fen} as goods_fen, ${g.com} as goods_commission_fen,
          ${d.n} as desk_count, ${d.fen} as desk_fen, ${d.com} as desk_commission_fen,
          ${l.n} as lease_count, ${l.fen} as lease_fen, ${l.com} as lease_commission_fen,
          ${t.n} as topup_count, ${t.fen} as topup_fen, ${t.com} as topup_commission_fen,
          ${nm.n} as new_member_count, ${nm.com} as new_member_commission_fen,
          ${s.n} as seat_count, ${s.com} as seat_commission_fen,
          count(*) filter (where m.fig = 'refund')::int as refund_count, ${rf.fen} as refund_fen,
          ${rf.com} as refund_commission_fen, coalesce(sum(m.commission), 0)::float8 as commission_fen
        from users u left join staff st on st.user_id = u.id left join m on m.user_id = u.id
        where u.type = 5 and (${worksIn(nid)} or exists (select 1 from recs r where r.user_id = u.id))
          ${who ? sql`and u.id = ${who}` : sql``}
        group by u.id, st.position order by u.id`;

export async function performanceSums(db: Conn, nid: number, p: Period, who?: number) {
  return rows<PerformanceSumRow>(db, performanceSumsSql(nid, p, who));
}

/** 退款冲减 lines of the period (refunds of orders paid before it), oldest first. */
export async function refundLines(db: Conn, nid: number, p: Period, who?: number) {
  return rows<{
    user_id: number;
    name: string;
    order_no: string;
    refund_no: string;
    paid_at: string;
    refunded_at: string;
    amount_fen: number;
    commission_fen: number;
  }>(
    db,
    sql`with ${matched(nid, p, { who, figure: 'refund' })}
        select m.user_id, coalesce(nullif(u.true_name, ''), u.user_name) as name, m.order_no, m.ref_no as refund_no,
          ${fmtTs('m.rule_at')} as paid_at, ${fmtTs('m.at')} as refunded_at, m.basis::float8 as amount_fen,
          m.commission as commission_fen
        from m join users u on u.id = m.user_id where u.type = 5 order by m.at, m.rid limit 500`,
  );
}

export interface RecordRow {
  ref_no: string;
  order_no: string;
  at: string;
  basis_fen: number;
  rule_id: number | null;
  target_type: 'role' | 'person' | null;
  rule_role: string | null;
  kind: string;
  rate_bp: number | null;
  amount_fen: number | null;
  commission_fen: number;
}

/** One page of a staff member's records of one figure, newest first, with the count and sums of all. */
export async function recordPage(
  db: Conn,
  nid: number,
  p: Period,
  f: Required<RecordFilter>,
  page: { page: number; page_size: number },
) {
  const head = sql`with ${matched(nid, p, f)}`;
  const [list, tot] = await Promise.all([
    rows<RecordRow>(
      db,
      sql`${head} select m.ref_no, m.order_no, ${fmtTs('m.at')} as at, m.basis::float8 as basis_fen, m.rule_id,
            m.target_type, m.rule_role, m.kind, m.rate_bp, m.amount_fen, m.commission as commission_fen
          from m where m.fig = ${f.figure} order by m.at desc, m.rid desc ${pageSql(page)}`,
    ),
    rows<{ count: number; basis_fen: number; commission_fen: number }>(
      db,
      sql`${head} select count(*)::int as count, coalesce(sum(m.basis), 0)::float8 as basis_fen,
            coalesce(sum(m.commission), 0)::float8 as commission_fen from m where m.fig = ${f.figure}`,
    ),
  ]);
  const x = tot[0] ?? { count: 0, basis_fen: 0, commission_fen: 0 };
  return {
    list,
    count: Number(x.count),
    totals: { basis_fen: x.basis_fen, commission_fen: x.commission_fen },
  };
}
