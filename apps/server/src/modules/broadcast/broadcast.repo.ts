import type { BroadcastEventSetting, BroadcastSaveBody, BroadcastSettings } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** A store's saved announcement settings (migration 1100); every query is keyed by the caller's store. */

interface SettingsRecord {
  events: BroadcastEventSetting[];
  voice: string;
  rate_x10: number;
  volume: number;
  repeat_count: number;
  quiet_enabled: boolean;
  quiet_start: string;
  quiet_end: string;
  updated_by: string;
  updated_at: string;
}

export type SavedSettings = BroadcastSettings & { updated_by: string; updated_at: string };

export async function findSettings(db: Conn, nid: number): Promise<SavedSettings | undefined> {
  const r = await rows<SettingsRecord>(
    db,
    sql`select events, voice, rate_x10::int, volume::int, repeat_count::int, quiet_enabled, quiet_start, quiet_end,
          updated_by, ${fmtTs('updated_at')} as updated_at
        from broadcast_settings where netbar_id = ${nid}`,
  );
  const x = r[0];
  if (!x) return undefined;
  return {
    events: x.events,
    voice: x.voice,
    rate: Number(x.rate_x10) / 10,
    volume: Number(x.volume),
    repeat: Number(x.repeat_count),
    quiet_enabled: x.quiet_enabled,
    quiet_start: x.quiet_start,
    quiet_end: x.quiet_end,
    updated_by: x.updated_by,
    updated_at: x.updated_at,
  };
}

/** One upsert of the store's row: a second save replaces the first, never two rows. */
export async function upsertSettings(db: Conn, nid: number, b: BroadcastSaveBody, by: string): Promise<void> {
  const events = JSON.stringify(
    b.events.map((e) => ({ event: e.event, enabled: e.enabled, template: e.template.trim() })),
  );
  const rate = Math.round(b.rate * 10);
  await rows(
    db,
    sql`insert into broadcast_settings (netbar_id, events, voice, rate_x10, volume, repeat_count, quiet_enabled,
          quiet_start, quiet_end, updated_by)
        values (${nid}, ${events}::jsonb, ${b.voice}, ${rate}, ${b.volume}, ${b.repeat}, ${b.quiet_enabled},
          ${b.quiet_start}, ${b.quiet_end}, ${by})
        on conflict (netbar_id) do update set events = excluded.events, voice = excluded.voice,
          rate_x10 = excluded.rate_x10, volume = excluded.volume, repeat_count = excluded.repeat_count,
          quiet_enabled = excluded.quiet_enabled, quiet_start = excluded.quiet_start, quiet_end = excluded.quiet_end,
          updated_by = excluded.updated_by, updated_at = now()`,
  );
}

/** The machine of the store and the member online at it now (name unmasked: the service masks it). */
export async function machineSubject(
  db: Conn,
  nid: number,
  machineId: number,
): Promise<{ machine: string; member_name: string | null } | undefined> {
  const r = await rows<{ machine: string; member_name: string | null }>(
    db,
    sql`select m.name as machine,
          (select mb.name from online_sessions s join members mb on mb.id = s.member_id
           where s.machine_id = m.id and s.netbar_id = ${nid} and s.ended_at is null
           order by s.id desc limit 1) as member_name
        from machines m where m.id = ${machineId} and m.netbar_id = ${nid}`,
  );
  return r[0];
}

/** The machine of the store and the member's name when the member's birthday (month-day) is `md`. */
export async function birthdayAt(
  db: Conn,
  nid: number,
  machineId: number,
  memberId: number,
  md: string,
): Promise<{ machine: string; name: string } | undefined> {
  const r = await rows<{ machine: string; name: string }>(
    db,
    sql`select m.name as machine, mb.name from member_birthdays b
          join members mb on mb.id = b.member_id
          join machines m on m.id = ${machineId} and m.netbar_id = ${nid}
        where b.member_id = ${memberId} and b.md = ${md}`,
  );
  return r[0];
}
