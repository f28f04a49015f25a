import type { TipListQuery, TipRow, TipTotals, TipUnpaidRow } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import { pageSql } from '../../lib/paging.ts';
import { exportLimits } from '../../lib/xlsx-stream.ts';
import { TIP_COLS, TIP_FROM } from './tip.repo.ts';

/** The record list (/NetbarStaffManage/RewardRecord 274): filters, a page, totals over the filter, the unpaid summary. */

export type TipFilter = Omit<TipListQuery, 'page' | 'page_size'>;

const paid = sql`coalesce(b.paid_fen, 0)`;
const before = sql`(t.tipped_after - t.amount_fen)`;

/** `ownOnly`: a staff member sees only the tips they received and their payouts. */
function whereOf(nid: number, q: TipFilter, ownOnly: number | undefined): SQL {
  const w: SQL[] = [
    sql`t.netbar_id = ${nid}`,
    sql`t.kind = ${q.kind}`,
    ...dayRange(sql`t.at`, q.start, q.end),
  ];
  if (ownOnly !== undefined) w.push(sql`t.staff_user_id = ${ownOnly}`);
  if (q.staff_id) w.push(sql`t.staff_user_id = ${q.staff_id}`);
  if (q.source) w.push(sql`t.source = ${q.source}`);
  if (q.member) {
    const k = `%${q.member.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    w.push(sql`(m.name ilike ${k} or m.mobile like ${k})`);
  }
  if (q.paid === 'paid') w.push(sql`t.kind = 'tip' and ${paid} >= t.tipped_after`);
  if (q.paid === 'partial') w.push(sql`t.kind = 'tip' and ${paid} > ${before} and ${paid} < t.tipped_after`);
  if (q.paid === 'unpaid') w.push(sql`t.kind = 'tip' and ${paid} <= ${before}`);
  return sql.join(w, sql` and `);
}

/** One page (or, `all`, every row up to the export cap + 1), newest first. */
export async function tipRows(
  db: Conn,
  nid: number,
  q: TipListQuery,
  ownOnly: number | undefined,
  all = false,
): Promise<TipRow[]> {
  return rows<TipRow>(
    db,
    sql`select ${TIP_COLS} ${TIP_FROM} where ${whereOf(nid, q, ownOnly)} order by t.at desc, t.id desc
        ${all ? sql`limit ${exportLimits.rows + 1}` : pageSql(q)}`,
  );
}

/** Count and totals over the whole filter: the screen's 合计 and the export's last row. */
export async function tipTotals(
  db: Conn,
  nid: number,
  q: TipFilter,
  ownOnly: number | undefined,
): Promise<{ count: number; totals: TipTotals }> {
  const r = await rows<{ n: number; amount: number; paid: number }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(t.amount_fen), 0)::float8 as amount,
          coalesce(sum(case when t.kind = 'tip' then greatest(0, least(t.amount_fen, ${paid} - ${before})) else 0 end), 0)::float8 as paid
        ${TIP_FROM} where ${whereOf(nid, q, ownOnly)}`,
  );
  const t = r[0]!;
  return { count: Number(t.n), totals: { amount_fen: Number(t.amount), paid_fen: Number(t.paid) } };
}

/**
 * Per staff member of the store (their balance rows, so a staff member moved elsewhere still shows what
 * is owed): tips received, paid out, unpaid; `ownOnly` narrows to one staff member.
 */
export async function unpaidSummary(
  db: Conn,
  nid: number,
  ownOnly: number | undefined,
): Promise<TipUnpaidRow[]> {
  return rows<TipUnpaidRow>(
    db,
    sql`select b.staff_user_id as staff_id, coalesce(nullif(u.true_name, ''), u.user_name) as staff_name,
          coalesce(st.position, '') as position, b.tips, b.tipped_fen::float8 as tipped_fen, b.paid_fen::float8 as paid_fen,
          (b.tipped_fen - b.paid_fen)::float8 as unpaid_fen
        from tip_balances b join users u on u.id = b.staff_user_id left join staff st on st.user_id = u.id
        where b.netbar_id = ${nid} ${ownOnly !== undefined ? sql`and b.staff_user_id = ${ownOnly}` : sql``}
        order by (b.tipped_fen - b.paid_fen) desc, b.staff_user_id`,
  );
}
