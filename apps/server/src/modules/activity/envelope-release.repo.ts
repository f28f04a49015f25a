import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';

/** 线上红包 releases (decision 183): the running envelopes, the release rows, the machines online. */

export interface RunningEnvelope {
  id: number;
  netbar_id: number;
  scope: 'store' | 'chain';
  name: string;
  windows: { from: string; to: string }[];
}

export function runningEnvelopes(db: Conn, now: Date) {
  return rows<RunningEnvelope>(
    db,
    sql`select id, netbar_id, scope, name, windows from activities
        where kind = 'red_envelope' and status = 'published' and starts_at <= ${now} and ends_at > ${now}
        order by id`,
  );
}

/** The stores an envelope covers: its own, or for a chain-wide one every store of the chain (visibleTo's rule). */
export async function coveredStores(db: Conn, a: RunningEnvelope): Promise<number[]> {
  const r = await rows<{ id: number }>(
    db,
    a.scope === 'chain'
      ? sql`select id from netbars where id = ${a.netbar_id} or chain_id = ${a.netbar_id} order by id`
      : sql`select id from netbars where id = ${a.netbar_id}`,
  );
  return r.map((x) => Number(x.id));
}

/** Marks a release once: true only for the pass that wrote the row. */
export async function markRelease(db: Conn, activityId: number, day: string, windowFrom: string) {
  const r = await rows<{ activity_id: number }>(
    db,
    sql`insert into activity_envelope_releases (activity_id, day, window_from) values (${activityId}, ${day}::date, ${windowFrom})
        on conflict do nothing returning activity_id`,
  );
  return r.length > 0;
}

export async function setReleaseMachines(
  db: Conn,
  activityId: number,
  day: string,
  windowFrom: string,
  machines: number,
) {
  await rows(
    db,
    sql`update activity_envelope_releases set machines = ${machines}
        where activity_id = ${activityId} and day = ${day}::date and window_from = ${windowFrom}`,
  );
}

/** Machines of the store with a member logged on now (an open session), as a claim requires. */
export async function onlineMachines(db: Conn, nid: number): Promise<number[]> {
  const r = await rows<{ machine_id: number }>(
    db,
    sql`select machine_id from online_sessions
        where netbar_id = ${nid} and ended_at is null and member_id is not null and machine_id is not null
        order by machine_id`,
  );
  return r.map((x) => Number(x.machine_id));
}
