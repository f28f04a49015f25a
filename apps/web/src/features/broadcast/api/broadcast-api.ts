import type { BroadcastSaveBody, BroadcastSettingsRow, BroadcastSubject } from '@netbar/contract';
import { http } from '../../../lib/http';

/** The voice announcement calls (application broadcast_settings 10504); keys in broadcast-keys.ts. */

export const fetchBroadcastSettings = async () =>
  (await http.get<BroadcastSettingsRow>('broadcast_settings')).data;
export const saveBroadcastSettings = (b: BroadcastSaveBody) =>
  http.post<BroadcastSettingsRow>('broadcast_settings_save', b, { json: true });
/** The machine's name and the masked member online there; silent: a failed look-up just leaves {会员名} out. */
export const fetchBroadcastSubject = async (machineId: number) =>
  (await http.get<BroadcastSubject>('broadcast_subject', { machine_id: machineId }, { silent: true })).data;
