import type { QrcodeListQuery, QrcodeStatus } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { paged } from '../../lib/paging.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** Fixed QR codes (migration 0910): a store's own, and the payment company's audit queue. */

export interface QrcodeStored {
  id: number;
  netbar_id: number;
  netbar_name: string;
  token: string;
  status: QrcodeStatus;
  reason: string;
  created_at: string;
  audited_at: string;
  audited_by: string;
}

const SELECT = sql`select q.id, q.netbar_id, n.name as netbar_name, q.token, q.status::int as status, q.reason,
  ${fmtTs('q.created_at')} as created_at, coalesce(${fmtTs('q.audited_at')}, '') as audited_at, q.audited_by`;
const FROM = sql`from fixed_qrcodes q join netbars n on n.id = q.netbar_id`;

/** The store's latest code (the live one when there is one: pending or approved). */
export async function latestOfStore(db: Conn, nid: number): Promise<QrcodeStored | undefined> {
  const r = await rows<QrcodeStored>(
    db,
    sql`${SELECT} ${FROM} where q.netbar_id = ${nid} order by (q.status in (0, 1)) desc, q.id desc limit 1`,
  );
  return r[0];
}

export async function insertQrcode(tx: Conn, nid: number, token: string, by: string): Promise<number> {
  const r = await rows<{ id: number }>(
    tx,
    sql`insert into fixed_qrcodes (netbar_id, token, applied_by) values (${nid}, ${token}, ${by}) returning id`,
  );
  return Number(r[0]!.id);
}

export async function qrcodeById(db: Conn, id: number): Promise<QrcodeStored | undefined> {
  const r = await rows<QrcodeStored>(db, sql`${SELECT} ${FROM} where q.id = ${id}`);
  return r[0];
}

/** Decides a pending code; false when it is not pending (already decided, or by a concurrent audit). */
export async function decide(
  tx: Conn,
  id: number,
  status: 1 | 2,
  reason: string,
  who: { id: number; name: string },
): Promise<boolean> {
  const r = await rows<{ id: number }>(
    tx,
    sql`update fixed_qrcodes set status = ${status}, reason = ${reason}, audited_by_user_id = ${who.id},
          audited_by = ${who.name}, audited_at = now()
        where id = ${id} and status = 0 returning id`,
  );
  return r.length > 0;
}

/** The audit queue, newest first: pending codes first when no status is asked for. */
export function auditQueue(db: Conn, q: QrcodeListQuery) {
  const w: SQL[] = [sql`n.status <> 0`];
  if (q.status !== undefined) w.push(sql`q.status = ${q.status}`);
  if (q.keyword) w.push(sql`strpos(n.name, ${q.keyword}) > 0`);
  return paged<QrcodeStored>(db, SELECT, FROM, w, sql`(q.status = 0) desc, q.created_at desc, q.id desc`, q);
}

export async function approvedByToken(db: Conn, token: string): Promise<QrcodeStored | undefined> {
  const r = await rows<QrcodeStored>(
    db,
    sql`${SELECT} ${FROM} where q.token = ${token} and q.status = 1 and n.status <> 0`,
  );
  return r[0];
}
