import type { ShiftSummaryQuery } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Sums behind the shift summary: movements by day, cashier, kind and method; closed shifts by day and cashier. */

const cashierOnly = (q: ShiftSummaryQuery): SQL =>
  q.cashier_id ? sql`and s.cashier_id = ${q.cashier_id}` : sql``;

export async function movementSums(db: Conn, s: TenantScope, q: ShiftSummaryQuery) {
  return rows<{
    day: string;
    cashier_id: number;
    cashier_name: string;
    kind: string;
    method: string;
    amount_fen: number;
    in_fen: number;
    out_fen: number;
  }>(
    db,
    sql`select to_char(t.at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, s.cashier_id,
          max(s.cashier_name) as cashier_name, t.kind, t.method, sum(t.amount_fen)::float8 as amount_fen,
          sum(greatest(t.amount_fen, 0))::float8 as in_fen, (-sum(least(t.amount_fen, 0)))::float8 as out_fen
        from till_ledger t join shifts s on s.id = t.shift_id
        where t.netbar_id = ${s.netbarId} and ${sql.join(dayRange(sql`t.at`, q.start, q.end), sql` and `)} ${cashierOnly(q)}
        group by 1, 2, 4, 5 order by 1, 2, 4, 5`,
  );
}

export async function closedSums(db: Conn, s: TenantScope, q: ShiftSummaryQuery) {
  return rows<{
    day: string;
    cashier_id: number;
    cashier_name: string;
    shifts: number;
    over_fen: number;
    short_fen: number;
  }>(
    db,
    sql`select to_char(s.closed_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') as day, s.cashier_id,
          max(s.cashier_name) as cashier_name, count(*)::int as shifts,
          coalesce(sum(s.over_short_fen) filter (where s.over_short_fen > 0), 0)::float8 as over_fen,
          coalesce(sum(s.over_short_fen) filter (where s.over_short_fen < 0), 0)::float8 as short_fen
        from shifts s
        where s.netbar_id = ${s.netbarId} and s.status = 'closed'
          and ${sql.join(dayRange(sql`s.closed_at`, q.start, q.end), sql` and `)} ${cashierOnly(q)}
        group by 1, 2 order by 1, 2`,
  );
}
