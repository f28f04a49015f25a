import {
  BROADCAST_EVENTS,
  type BroadcastSaveBody,
  type BroadcastSettingsRow,
  type BroadcastSubject,
  defaultBroadcastSettings,
  maskPersonName,
  PERM,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { loadDisabledApps, type TenantScope } from '../../tenant/index.ts';
import { findSettings, machineSubject, upsertSettings } from './broadcast.repo.ts';

/**
 * The store's announcement settings: the saved row merged over the defaults (an event missing from a
 * saved row, e.g. one added later, takes its default), and whether the app is on, so the console's
 * announcer stays silent in a store that switched 语音播报 off.
 */
export async function broadcastSettings(db: Db, s: TenantScope): Promise<BroadcastSettingsRow> {
  const nid = s.netbarId;
  if (!nid) throw new NotFoundError('门店不存在');
  const [saved, disabled] = await Promise.all([findSettings(db, nid), loadDisabledApps(db, nid)]);
  const base = defaultBroadcastSettings();
  const events = BROADCAST_EVENTS.map(
    (event) => saved?.events.find((e) => e.event === event) ?? base.events.find((e) => e.event === event)!,
  );
  return {
    ...base,
    ...saved,
    events,
    saved: !!saved,
    app_on: !disabled.has(PERM.BROADCAST_SETTINGS),
    updated_at: saved?.updated_at ?? '',
    updated_by: saved?.updated_by ?? '',
  };
}

export async function saveBroadcastSettings(
  db: Db,
  s: TenantScope,
  by: string,
  b: BroadcastSaveBody,
): Promise<BroadcastSettingsRow> {
  if (!s.netbarId) throw new NotFoundError('门店不存在');
  await upsertSettings(db, s.netbarId, b, by);
  return broadcastSettings(db, s);
}

/** Who an announcement is about: the machine's name and the masked name of the member online there. */
export async function broadcastSubject(db: Db, s: TenantScope, machineId: number): Promise<BroadcastSubject> {
  const r = s.netbarId ? await machineSubject(db, s.netbarId, machineId) : undefined;
  if (!r) throw new NotFoundError('机器不存在');
  return { machine: r.machine, member_name: r.member_name ? maskPersonName(r.member_name) : '' };
}
