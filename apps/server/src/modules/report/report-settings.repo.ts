import { type DayStartSetting, dayStartText } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** The store's business-day start (decision 151): 08:00 until saved. */
export async function dayStartOf(db: Conn, nid: number): Promise<DayStartSetting> {
  const r = await rows<{ minute: number; updated_by: string; updated_at: string | null }>(
    db,
    sql`select day_start_minute as minute, updated_by, ${fmtTs('updated_at')} as updated_at
        from report_settings where netbar_id = ${nid}`,
  );
  const s = r[0];
  return s
    ? { day_start: dayStartText(s.minute), updated_by: s.updated_by, updated_at: s.updated_at }
    : { day_start: dayStartText(480), updated_by: '', updated_at: null };
}

/** Saves it; returns the minute saved before (null when it was never saved). */
export async function saveDayStart(
  tx: Conn,
  nid: number,
  minute: number,
  by: string,
): Promise<number | null> {
  const before = await rows<{ minute: number }>(
    tx,
    sql`select day_start_minute as minute from report_settings where netbar_id = ${nid} for update`,
  );
  await rows(
    tx,
    sql`insert into report_settings (netbar_id, day_start_minute, updated_by, updated_at)
        values (${nid}, ${minute}, ${by}, now())
        on conflict (netbar_id) do update set day_start_minute = excluded.day_start_minute,
          updated_by = excluded.updated_by, updated_at = now()`,
  );
  return before[0]?.minute ?? null;
}
