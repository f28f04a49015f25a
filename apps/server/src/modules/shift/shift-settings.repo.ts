import type { ApprovalRule, ShiftSettings, ShiftSettingsBody } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** The store's handover settings (application handover/cloud_billing): defaults until saved. */

const DEFAULTS: ShiftSettings = {
  auto_times: [],
  count_required: false,
  approval: 'none',
  updated_by: '',
  updated_at: null,
};

export async function settingsOf(db: Conn, nid: number): Promise<ShiftSettings> {
  const r = await rows<ShiftSettings>(
    db,
    sql`select auto_times, count_required, approval, updated_by, ${fmtTs('updated_at')} as updated_at
        from shift_settings where netbar_id = ${nid}`,
  );
  return r[0] ?? DEFAULTS;
}

/**
 * Saves the settings; the automatic handover counts its slots from now on (a time already past today
 * does not close shifts the moment it is saved).
 */
export async function saveSettings(db: Conn, nid: number, b: ShiftSettingsBody, by: string) {
  await rows(
    db,
    sql`insert into shift_settings (netbar_id, auto_times, count_required, approval, last_auto_at, updated_by, updated_at)
        values (${nid}, ${JSON.stringify(b.auto_times)}::jsonb, ${b.count_required}, ${b.approval}, now(), ${by}, now())
        on conflict (netbar_id) do update set auto_times = excluded.auto_times,
          count_required = excluded.count_required, approval = excluded.approval,
          last_auto_at = excluded.last_auto_at, updated_by = excluded.updated_by, updated_at = now()`,
  );
}

export interface AutoStore {
  netbar_id: number;
  auto_times: string[];
  count_required: boolean;
  approval: ApprovalRule;
  last_auto_ms: number | null;
}

const autoCols = sql`netbar_id, auto_times, count_required, approval,
    (extract(epoch from last_auto_at) * 1000)::float8 as last_auto_ms`;

/** Stores with automatic handover times. */
export const autoStores = (db: Conn) =>
  rows<AutoStore>(
    db,
    sql`select ${autoCols} from shift_settings where jsonb_array_length(auto_times) > 0 order by netbar_id`,
  );

/** One store's settings locked for its pass (skip locked: another process doing it now is left alone). */
export async function lockAutoStore(tx: Conn, nid: number): Promise<AutoStore | null> {
  const r = await rows<AutoStore>(
    tx,
    sql`select ${autoCols} from shift_settings where netbar_id = ${nid} for update skip locked`,
  );
  return r[0] ?? null;
}

export const markAutoDone = (tx: Conn, nid: number, slot: Date) =>
  rows(
    tx,
    sql`update shift_settings set last_auto_at = ${slot.toISOString()}::timestamptz where netbar_id = ${nid}`,
  );
