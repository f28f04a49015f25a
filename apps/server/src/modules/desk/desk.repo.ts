import type { DeskListQuery, DeskRow, DeskSaveBody } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Desks (包间 / 桌台) of the caller's store; a deleted desk is hidden, never removed. */

const COLS = sql`d.id, d.name, d.kind, d.area, d.capacity, d.hourly_fen, d.min_spend_fen, d.enabled, d.remark,
  ${fmtTs('d.created_at')} as created_at`;

export async function listDesks(db: Conn, s: TenantScope, q: DeskListQuery | undefined) {
  const where: SQL[] = [sql`d.netbar_id = ${s.netbarId}`, sql`not d.deleted`];
  if (q?.kind) where.push(sql`d.kind = ${q.kind}`);
  if (q?.enabled !== undefined) where.push(sql`d.enabled = ${q.enabled}`);
  if (q?.keyword) where.push(sql`(d.name like ${`%${q.keyword}%`} or d.area like ${`%${q.keyword}%`})`);
  const w = sql.join(where, sql` and `);
  const [list, c] = await Promise.all([
    rows<DeskRow>(
      db,
      sql`select ${COLS} from desks d where ${w} order by d.kind, d.name, d.id ${pageSql(q)}`,
    ),
    rows<{ n: number }>(db, sql`select count(*)::int as n from desks d where ${w}`),
  ]);
  return { list, count: c[0]?.n ?? 0 };
}

export async function findDesk(db: Conn, s: TenantScope, id: number): Promise<DeskRow | undefined> {
  const r = await rows<DeskRow>(
    db,
    sql`select ${COLS} from desks d where d.id = ${id} and d.netbar_id = ${s.netbarId} and not d.deleted`,
  );
  return r[0];
}

/** The desk row locked for update: bookings and openings of one desk run one after another. */
export async function lockDesk(tx: Conn, s: TenantScope, id: number): Promise<DeskRow | undefined> {
  const r = await rows<DeskRow>(
    tx,
    sql`select ${COLS} from desks d where d.id = ${id} and d.netbar_id = ${s.netbarId} and not d.deleted for update`,
  );
  return r[0];
}

export async function insertDesk(tx: Conn, s: TenantScope, b: DeskSaveBody): Promise<number> {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into desks (netbar_id, name, kind, area, capacity, hourly_fen, min_spend_fen, enabled, remark)
        values (${s.netbarId}, ${b.name}, ${b.kind}, ${b.area ?? ''}, ${b.capacity}, ${b.hourly_fen},
                ${b.min_spend_fen}, ${b.enabled}, ${b.remark ?? ''})
        returning id`,
  );
  return r[0]!.id;
}

export async function updateDesk(tx: Conn, s: TenantScope, id: number, b: DeskSaveBody): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`update desks set name = ${b.name}, kind = ${b.kind}, area = ${b.area ?? ''}, capacity = ${b.capacity},
          hourly_fen = ${b.hourly_fen}, min_spend_fen = ${b.min_spend_fen}, enabled = ${b.enabled},
          remark = ${b.remark ?? ''}, updated_at = now()
        where id = ${id} and netbar_id = ${s.netbarId} and not deleted
        returning id`,
  );
  return r.length > 0;
}

export async function markDeleted(tx: Conn, s: TenantScope, id: number) {
  await rows(
    tx,
    sql`update desks set deleted = true, enabled = false, updated_at = now()
        where id = ${id} and netbar_id = ${s.netbarId}`,
  );
}

/** What still holds a desk: its open session and its bookings still to come. */
export async function deskHolds(tx: Conn, s: TenantScope, id: number) {
  const r = await rows<{ open: number; booked: number }>(
    tx,
    sql`select (select count(*)::int from desk_sessions where desk_id = ${id} and netbar_id = ${s.netbarId} and status = 'open') as open,
               (select count(*)::int from desk_bookings where desk_id = ${id} and netbar_id = ${s.netbarId} and status = 'booked') as booked`,
  );
  return r[0]!;
}
