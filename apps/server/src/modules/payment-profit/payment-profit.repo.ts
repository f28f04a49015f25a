import type {
  ProfitDetailQuery,
  ProfitDetailRow,
  ProfitExportQuery,
  ProfitRate,
  ProfitRateBody,
  ProfitRecord,
  ProfitTotals,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtDate, fmtTs } from '../../lib/sql-dates.ts';
import { netbarWhere, type TenantScope } from '../../tenant/index.ts';

/**
 * 支付分润 reads (decision 171). Every read is scoped: `netbarWhere(scope)` over the record's netbar `n`
 * and, for agents and their staff, the record's own agent; the payment company (agentId null) sees every
 * agent's, optionally one (`agent_id`).
 */

function where(s: TenantScope, q: ProfitExportQuery): SQL {
  const parts: SQL[] = [netbarWhere(s), sql`r.day >= ${q.start}::date and r.day <= ${q.end}::date`];
  if (s.agentId !== null) parts.push(sql`r.agent_id = ${s.agentId}`);
  if (q.agent_id) parts.push(sql`r.agent_id = ${q.agent_id}`);
  if (q.netbar_id) parts.push(sql`r.netbar_id = ${q.netbar_id}`);
  if (q.method) parts.push(sql`r.method = ${q.method}`);
  return sql.join(parts, sql` and `);
}

const FROM = sql`from payment_profit_records r join netbars n on n.id = r.netbar_id join agents a on a.id = r.agent_id`;
const COLS = sql`r.id::float8 as id, ${fmtDate('r.day')} as day, r.agent_id, a.name as agent_name, r.netbar_id,
  n.name as netbar_name, r.method, r.pay_count, r.pay_fen::float8 as pay_fen, r.refund_count,
  r.refund_fen::float8 as refund_fen, r.carried_refund_count, r.carried_refund_fen::float8 as carried_refund_fen,
  r.net_fen::float8 as net_fen, r.fee_rate_bp, r.share_bp, r.fee_fen::float8 as fee_fen,
  r.profit_fen::float8 as profit_fen, r.note, ${fmtTs('r.settled_at')} as settled_at`;
const ORDER = sql`order by r.day desc, r.netbar_id, r.method, r.id`;

export function listRecords(
  db: Conn,
  s: TenantScope,
  q: ProfitExportQuery,
  page?: { page: number; page_size: number },
) {
  return rows<ProfitRecord>(db, sql`select ${COLS} ${FROM} where ${where(s, q)} ${ORDER} ${pageSql(page)}`);
}

export async function totalsOf(db: Conn, s: TenantScope, q: ProfitExportQuery) {
  const r = await rows<ProfitTotals & { count: number }>(
    db,
    sql`select count(*)::int as count, coalesce(sum(r.pay_count), 0)::int as pay_count,
          coalesce(sum(r.pay_fen), 0)::float8 as pay_fen, coalesce(sum(r.refund_fen), 0)::float8 as refund_fen,
          coalesce(sum(r.net_fen), 0)::float8 as net_fen, coalesce(sum(r.fee_fen), 0)::float8 as fee_fen,
          coalesce(sum(r.profit_fen), 0)::float8 as profit_fen
        ${FROM} where ${where(s, q)}`,
  );
  const { count, ...totals } = r[0] ?? {
    count: 0,
    pay_count: 0,
    pay_fen: 0,
    refund_fen: 0,
    net_fen: 0,
    fee_fen: 0,
    profit_fen: 0,
  };
  return { count, totals };
}

/** Every record of a filter, 2,000 at a time (the export). */
export async function* allRecords(
  db: Conn,
  s: TenantScope,
  q: ProfitExportQuery,
): AsyncIterable<ProfitRecord> {
  for (let page = 1; ; page++) {
    const list = await listRecords(db, s, q, { page, page_size: 2000 });
    yield* list;
    if (list.length < 2000) return;
  }
}

/** One record the scope may see, or undefined (another agent's id reads as absent). */
export async function recordById(db: Conn, s: TenantScope, id: number) {
  const own = s.agentId !== null ? sql`and r.agent_id = ${s.agentId}` : sql``;
  const r = await rows<ProfitRecord>(
    db,
    sql`select ${COLS} ${FROM} where r.id = ${id} and ${netbarWhere(s)} ${own}`,
  );
  return r[0];
}

/** The payments and refunds a record took. */
export async function recordItems(db: Conn, rec: ProfitRecord, q: ProfitDetailQuery) {
  const w = sql`i.day = ${rec.day}::date and i.netbar_id = ${rec.netbar_id} and i.method = ${rec.method}`;
  const [list, tot] = await Promise.all([
    rows<ProfitDetailRow>(
      db,
      sql`select i.kind, p.payment_no, coalesce(f.refund_no, '') as refund_no, i.amount_fen::float8 as amount_fen,
            to_char(p.paid_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as paid_day,
            ${fmtTs("case when i.kind = 'refund' then f.done_at else p.paid_at end")} as at, p.subject
          from payment_profit_items i join payments p on p.id = i.payment_id
            left join payment_refunds f on f.id = i.refund_id
          where ${w} order by i.kind, i.id ${pageSql(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from payment_profit_items i where ${w}`),
  ]);
  return { list, count: Number(tot[0]?.n ?? 0) };
}

export function listRates(db: Conn) {
  return rows<ProfitRate>(
    db,
    sql`select method, fee_rate_bp, share_bp, updated_by, ${fmtTs('updated_at')} as updated_at
        from payment_profit_rates order by array_position(array['wechat','alipay','aggregate'], method)`,
  );
}

export async function saveRate(db: Conn, b: ProfitRateBody, by: string) {
  await db.execute(
    sql`insert into payment_profit_rates (method, fee_rate_bp, share_bp, updated_by, updated_at)
        values (${b.method}, ${b.fee_rate_bp}, ${b.share_bp}, ${by}, now())
        on conflict (method) do update set fee_rate_bp = excluded.fee_rate_bp, share_bp = excluded.share_bp,
          updated_by = excluded.updated_by, updated_at = now()`,
  );
}

/** Agents for the payment company's filter. */
export function agentOptions(db: Conn) {
  return rows<{ value: number; label: string }>(
    db,
    sql`select a.id as value, a.name as label from agents a
        where exists (select 1 from payment_profit_records r where r.agent_id = a.id) order by a.id`,
  );
}
