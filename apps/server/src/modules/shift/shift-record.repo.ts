import type { ShiftMovement, ShiftRecordQuery, ShiftRecordRow, ShiftRecordTotals } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { dayRange } from '../../lib/day-bounds.ts';
import { afterTs, decodeCursor, encodeCursor, microsOf, pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { shiftCols, shiftFrom } from './shift.repo.ts';

/** Shift records (128): filtered list with keyset or offset pages, totals over the whole filter, movements. */

export type RecordFilter = Omit<ShiftRecordQuery, 'page' | 'page_size' | 'after'>;

/** Money of each shift, summed from its till_ledger rows (the same sums the slip shows). */
const money = sql`left join lateral (
    select coalesce(sum(t.amount_fen), 0)::float8 as net_fen,
      coalesce(sum(t.amount_fen) filter (where t.method = 'cash'), 0)::float8 as cash_net_fen,
      coalesce(sum(t.amount_fen) filter (where t.method = 'member'), 0)::float8 as member_net_fen,
      coalesce(sum(t.amount_fen) filter (where t.method = 'scan'), 0)::float8 as scan_net_fen
    from till_ledger t where t.shift_id = s.id) m on true`;

/** `ownOnly`: a cashier without the records grant sees only their own shifts. */
function recordWhere(s: TenantScope, q: RecordFilter, ownOnly: boolean): SQL {
  const parts: SQL[] = [sql`s.netbar_id = ${s.netbarId}`, ...dayRange(sql`s.opened_at`, q.start, q.end)];
  if (ownOnly) parts.push(sql`s.cashier_id = ${s.userId}`);
  if (q.cashier_id) parts.push(sql`s.cashier_id = ${q.cashier_id}`);
  if (q.state === 'open') parts.push(sql`s.status = 'open' and s.handover_due_at is null`);
  if (q.state === 'due') parts.push(sql`s.status = 'open' and s.handover_due_at is not null`);
  if (q.state === 'closed') parts.push(sql`s.status = 'closed'`);
  if (q.state === 'pending') parts.push(sql`s.approval_status = 'pending'`);
  if (q.over_short_only === '1') parts.push(sql`s.over_short_fen <> 0`);
  return sql.join(parts, sql` and `);
}

export async function recordPage(
  db: Conn,
  s: TenantScope,
  q: ShiftRecordQuery,
  ownOnly: boolean,
): Promise<{ list: ShiftRecordRow[]; next: string | null }> {
  const c = decodeCursor(q.after);
  const after = c ? sql`and ${afterTs(sql`s.opened_at`, sql`s.id`, c)}` : sql``;
  const r = await rows<ShiftRecordRow & { key: string }>(
    db,
    sql`select ${shiftCols}, m.*, ${microsOf(sql`s.opened_at`)} as key ${shiftFrom} ${money}
        where ${recordWhere(s, q, ownOnly)} ${after} order by s.opened_at desc, s.id desc
        ${pageSql(c ? { page: 1, page_size: q.page_size } : q)}`,
  );
  const last = r[r.length - 1];
  return {
    list: r.map(({ key: _k, ...x }) => x),
    next: r.length === q.page_size && last ? encodeCursor(last.key, last.id) : null,
  };
}

/** Every row of the filter (the export), in the screen's order. */
export async function recordRows(db: Conn, s: TenantScope, q: RecordFilter, ownOnly: boolean) {
  return rows<ShiftRecordRow>(
    db,
    sql`select ${shiftCols}, m.* ${shiftFrom} ${money}
        where ${recordWhere(s, q, ownOnly)} order by s.opened_at desc, s.id desc`,
  );
}

/** Count and totals over the whole filter: what the screen's 合计 shows and the export's last row holds. */
export async function recordTotals(db: Conn, s: TenantScope, q: RecordFilter, ownOnly: boolean) {
  const r = await rows<ShiftRecordTotals & { count: number }>(
    db,
    sql`select count(*)::int as count, coalesce(sum(s.float_fen), 0)::float8 as float_fen,
          coalesce(sum(m.net_fen), 0)::float8 as net_fen, coalesce(sum(m.cash_net_fen), 0)::float8 as cash_net_fen,
          coalesce(sum(m.member_net_fen), 0)::float8 as member_net_fen,
          coalesce(sum(m.scan_net_fen), 0)::float8 as scan_net_fen,
          coalesce(sum(s.expected_cash_fen), 0)::float8 as expected_cash_fen,
          coalesce(sum(s.counted_cash_fen), 0)::float8 as counted_cash_fen,
          coalesce(sum(s.over_short_fen), 0)::float8 as over_short_fen
        from shifts s ${money} where ${recordWhere(s, q, ownOnly)}`,
  );
  const { count, ...totals } = r[0]!;
  return { count, totals };
}

/** The shift's movements in the order they happened (a shift holds a day's counter at most). */
export async function movementsOf(db: Conn, shiftId: number, latest?: number): Promise<ShiftMovement[]> {
  return rows<ShiftMovement>(
    db,
    sql`select id::int as id, kind, method, amount_fen::float8 as amount_fen, order_id::int as order_id, ref_no,
          remark, user_name, ${fmtTs('at')} as at
        from till_ledger where shift_id = ${shiftId}
        ${latest ? sql`order by id desc limit ${latest}` : sql`order by id`}`,
  );
}
