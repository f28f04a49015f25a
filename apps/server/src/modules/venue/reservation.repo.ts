import type { ReservationRow, ReservationStatus } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { pageSql } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Seat reservations and the per-store public link (decisions 101, 102). */

/**
 * Expires the holding reservations that are due (one store, or every store when `netbarId` is null)
 * and frees their machines that are still 预订. Runs before every read and write of reservations and
 * from the periodic job; returns the machines freed.
 */
export async function expireDue(db: Conn, netbarId: number | null): Promise<number[]> {
  return (await expireDueRows(db, netbarId)).map((x) => x.id);
}

/** expireDue with each freed machine's store (the periodic job tells each store's consoles). */
export async function expireDueRows(db: Conn, netbarId: number | null) {
  const store = netbarId === null ? sql`true` : sql`netbar_id = ${netbarId}`;
  return rows<{ id: number; netbar_id: number }>(
    db,
    sql`with gone as (
          update seat_reservations set status = 'expired', ended_at = now()
          where status = 'holding' and expires_at <= now() and ${store}
          returning machine_id)
        update machines m set state = '空闲', state_at = now()
        from gone where m.id = gone.machine_id and m.state = '预订'
        returning m.id, m.netbar_id`,
  );
}

export async function holdingOf(db: Conn, s: TenantScope, machineId: number) {
  const r = await rows<{ id: number; mobile: string }>(
    db,
    sql`select id, mobile from seat_reservations
        where netbar_id = ${s.netbarId} and machine_id = ${machineId} and status = 'holding'`,
  );
  return r[0] ?? null;
}

/** The machine a mobile already holds in the store, if any. */
export async function holdingByMobile(db: Conn, s: TenantScope, mobile: string) {
  const r = await rows<{ machine_name: string }>(
    db,
    sql`select m.name as machine_name from seat_reservations r join machines m on m.id = r.machine_id
        where r.netbar_id = ${s.netbarId} and r.mobile = ${mobile} and r.status = 'holding'`,
  );
  return r[0]?.machine_name;
}

export async function codesInUse(db: Conn, s: TenantScope): Promise<Set<string>> {
  const r = await rows<{ code: string }>(
    db,
    sql`select code from seat_reservations where netbar_id = ${s.netbarId} and status = 'holding'`,
  );
  return new Set(r.map((x) => x.code));
}

export interface NewReservation {
  machineId: number;
  code: string;
  name: string;
  mobile: string;
  source: 'public' | 'staff';
  holdMinutes: number;
  createdBy: string;
}

export async function insertReservation(tx: Conn, s: TenantScope, v: NewReservation) {
  const r = await rows<{ id: number; expires_at: string }>(
    tx,
    sql`insert into seat_reservations (netbar_id, machine_id, code, name, mobile, source, expires_at, created_by)
        values (${s.netbarId}, ${v.machineId}, ${v.code}, ${v.name}, ${v.mobile}, ${v.source},
                now() + make_interval(mins => ${v.holdMinutes}), ${v.createdBy})
        returning id, ${fmtTs('expires_at')} as expires_at`,
  );
  return r[0]!;
}

/** Ends a holding reservation (by id or by code); the machine it held, or null. */
export async function endReservation(
  tx: Conn,
  s: TenantScope,
  by: { id: number } | { code: string },
  status: Exclude<ReservationStatus, 'holding'>,
) {
  const match = 'id' in by ? sql`id = ${by.id}` : sql`code = ${by.code}`;
  const r = await rows<{ id: number; machine_id: number }>(
    tx,
    sql`update seat_reservations set status = ${status}, ended_at = now()
        where netbar_id = ${s.netbarId} and status = 'holding' and ${match}
        returning id, machine_id`,
  );
  return r[0] ?? null;
}

export async function listReservations(
  db: Conn,
  s: TenantScope,
  q: { page: number; page_size: number; status?: ReservationStatus },
) {
  const where = q.status
    ? sql`r.netbar_id = ${s.netbarId} and r.status = ${q.status}`
    : sql`r.netbar_id = ${s.netbarId}`;
  const list = await rows<ReservationRow>(
    db,
    sql`select r.id, r.machine_id, m.name as machine_name, r.name, r.mobile, r.source, r.status,
          ${fmtTs('r.created_at')} as created_at, ${fmtTs('r.expires_at')} as expires_at
        from seat_reservations r join machines m on m.id = r.machine_id
        where ${where} order by r.id desc ${pageSql(q)}`,
  );
  const c = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from seat_reservations r where ${where}`,
  );
  return { list, count: c[0]?.n ?? 0 };
}

// the public link

export interface LinkRecord {
  netbar_id: number;
  token: string;
  hold_minutes: number;
  enabled: boolean;
}

export async function linkOf(db: Conn, s: TenantScope): Promise<LinkRecord | null> {
  const r = await rows<LinkRecord>(
    db,
    sql`select netbar_id, token, hold_minutes, enabled from seat_links where netbar_id = ${s.netbarId}`,
  );
  return r[0] ?? null;
}

/** Creates the store's link if it has none; returns the link. */
export async function ensureLink(db: Conn, s: TenantScope, token: string): Promise<LinkRecord> {
  await rows(
    db,
    sql`insert into seat_links (netbar_id, token) values (${s.netbarId}, ${token}) on conflict (netbar_id) do nothing`,
  );
  return (await linkOf(db, s))!;
}

export async function updateLink(
  db: Conn,
  s: TenantScope,
  v: { hold_minutes?: number; enabled?: boolean; token?: string },
) {
  await rows(
    db,
    sql`update seat_links set hold_minutes = coalesce(${v.hold_minutes ?? null}::int, hold_minutes),
          enabled = coalesce(${v.enabled ?? null}::boolean, enabled),
          token = coalesce(${v.token ?? null}::text, token), updated_at = now()
        where netbar_id = ${s.netbarId}`,
  );
}

/** The store behind a public token (the link must be enabled and the store live). */
export async function storeByToken(db: Conn, token: string) {
  const r = await rows<{ netbar_id: number; name: string; hold_minutes: number }>(
    db,
    sql`select l.netbar_id, n.name, l.hold_minutes from seat_links l join netbars n on n.id = l.netbar_id
        where l.token = ${token} and l.enabled and n.status <> 0`,
  );
  return r[0] ?? null;
}
