import type { MemberLedgerKind, MemberLedgerRow } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { afterTs, decodeCursor, encodeCursor, microsOf, pageOffset } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { MemberPool } from './member-pool.ts';

/** Reads of the member ledger: one row, a request's rows, a member's pages (keyset, decision 060). */

const COLS = sql`l.id::float8 as id, l.member_id, l.kind,
  l.principal_delta::float8 as principal_delta, l.principal_before::float8 as principal_before, l.principal_after::float8 as principal_after,
  l.bonus_delta::float8 as bonus_delta, l.bonus_before::float8 as bonus_before, l.bonus_after::float8 as bonus_after,
  l.points_delta::float8 as points_delta, l.points_before::float8 as points_before, l.points_after::float8 as points_after,
  l.minutes_delta, l.minutes_before, l.minutes_after,
  l.pay_method, l.paid_fen::float8 as paid_fen, l.order_id::float8 as order_id, l.session_id::float8 as session_id,
  l.shift_id::float8 as shift_id, l.ref_no, l.remark, l.user_name, coalesce(n.name, '') as netbar_name, l.request_id,
  ${fmtTs('l.at')} as at`;
const FROM = sql`from member_ledger l left join netbars n on n.id = l.netbar_id`;

export async function ledgerById(db: Conn, id: number): Promise<MemberLedgerRow> {
  const r = await rows<MemberLedgerRow>(db, sql`select ${COLS} ${FROM} where l.id = ${id}`);
  return r[0]!;
}

/** The rows a request wrote in this store (a retry finds them), in seq order. */
export async function ledgerByRequest(
  db: Conn,
  p: MemberPool,
  requestId: string,
): Promise<MemberLedgerRow[]> {
  return rows<MemberLedgerRow>(
    db,
    sql`select ${COLS} ${FROM} where l.netbar_id = ${p.store} and l.request_id = ${requestId} and l.pool_id = ${p.pool} order by l.seq`,
  );
}

/** One page of a member's ledger, newest first: by page number, or after `next` (the cursor of the last row). */
export async function memberLedgerPage(
  db: Conn,
  p: MemberPool,
  q: { member_id: number; kind?: MemberLedgerKind; page: number; page_size: number; after?: string },
) {
  const where: SQL[] = [sql`l.member_id = ${q.member_id}`, sql`l.pool_id = ${p.pool}`];
  if (q.kind) where.push(sql`l.kind = ${q.kind}`);
  const c = decodeCursor(q.after);
  if (c) where.push(afterTs(sql`l.at`, sql`l.id`, c));
  const list = await rows<MemberLedgerRow & { k: string }>(
    db,
    sql`select ${COLS}, ${microsOf(sql`l.at`)} as k ${FROM} where ${sql.join(where, sql` and `)}
        order by l.at desc, l.id desc limit ${q.page_size + 1} ${c ? sql`` : sql`offset ${pageOffset(q)}`}`,
  );
  const more = list.length > q.page_size;
  const page = list.slice(0, q.page_size);
  const last = page[page.length - 1];
  const cnt = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from member_ledger l where l.member_id = ${q.member_id} and l.pool_id = ${p.pool}
        ${q.kind ? sql`and l.kind = ${q.kind}` : sql``}`,
  );
  return {
    list: page.map(({ k: _k, ...r }) => r),
    count: Number(cnt[0]?.n ?? 0),
    next: more && last ? encodeCursor(last.k, last.id) : null,
  };
}
