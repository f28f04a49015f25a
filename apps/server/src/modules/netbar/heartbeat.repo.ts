import type { HeartbeatBody } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { safeEqual, sha256 } from '../../lib/crypto.ts';

/** Whether `key` is the live server credential of this (not deleted) netbar. */
export async function serverKeyValid(db: Conn, netbarId: number, key: unknown): Promise<boolean> {
  const found = await rows<{ h: string | null }>(
    db,
    sql`select i.server_key_hash as h from netbar_agent_info i
    join netbars n on n.id = i.netbar_id where i.netbar_id = ${netbarId} and n.status <> 0`,
  );
  const hash = found[0]?.h;
  return typeof key === 'string' && !!hash && safeEqual(hash, sha256(key));
}

export async function setServerKey(db: Conn, netbarId: number, key: string) {
  await db.execute(
    sql`insert into netbar_agent_info (netbar_id) values (${netbarId}) on conflict do nothing`,
  );
  await db.execute(
    sql`update netbar_agent_info set server_key_hash = ${sha256(key)}, server_key_at = now() where netbar_id = ${netbarId}`,
  );
}

/** Keeps the latest heartbeat of a netbar's server. */
export async function recordHeartbeat(db: Conn, b: HeartbeatBody) {
  await db.execute(sql`insert into netbar_server_status (netbar_id, server_version, ip, machine_count, online_count, game_update_count, last_seen)
    values (${b.netbar_id}, ${b.server_version}, ${b.ip}, ${b.machine_count}, ${b.online_count}, ${b.game_update_count}, now())
    on conflict (netbar_id) do update set server_version = excluded.server_version, ip = excluded.ip, machine_count = excluded.machine_count,
      online_count = excluded.online_count, game_update_count = excluded.game_update_count, last_seen = now()`);
}
