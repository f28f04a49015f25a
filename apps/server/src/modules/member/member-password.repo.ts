import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import type { MemberPool } from './member-pool.ts';

/** Member passwords (decision 104): the hash is read here only, for a check, and never selected into a row. */

export async function passwordHashOf(
  db: Conn,
  p: MemberPool,
  id: number,
): Promise<string | null | undefined> {
  const r = await rows<{ h: string | null }>(
    db,
    sql`select password_hash as h from members where id = ${id} and pool_id = ${p.pool}`,
  );
  return r[0] ? r[0].h : undefined;
}

/** Sets a live member's password hash; the name when it was the pool's member, else undefined. */
export async function setPasswordHash(tx: Conn, p: MemberPool, id: number, hash: string) {
  const r = await rows<{ name: string }>(
    tx,
    sql`update members set password_hash = ${hash}, updated_at = now()
        where id = ${id} and pool_id = ${p.pool} and status <> 4 returning name`,
  );
  return r[0]?.name;
}

/** Live members of the pool with this mobile number (at most a few; a mobile is not unique). */
export async function liveIdsByMobile(db: Conn, p: MemberPool, mobile: string): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    sql`select id from members where pool_id = ${p.pool} and mobile = ${mobile} and status <> 4 order by id limit 3`,
  );
  return r.map((x) => Number(x.id));
}

/** The store's 允许无密码会员刷卡上机 (default true: as before members had passwords). */
export async function cardOnlyLogon(db: Conn, store: number): Promise<boolean> {
  const r = await rows<{ v: boolean }>(
    db,
    sql`select card_only_logon as v from member_settings where netbar_id = ${store}`,
  );
  return r[0]?.v ?? true;
}

export async function saveCardOnlyLogon(tx: Conn, store: number, v: boolean) {
  await rows(
    tx,
    sql`insert into member_settings (netbar_id, card_only_logon) values (${store}, ${v})
        on conflict (netbar_id) do update set card_only_logon = excluded.card_only_logon, updated_at = now()`,
  );
}
