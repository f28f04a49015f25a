import { ENGINE_KIND_APP, STORE_APP_BY_KEY, shanghaiClock, shanghaiDate } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { loadDisabledApps } from '../../tenant/index.ts';
import * as repo from './envelope-release.repo.ts';

/**
 * 线上红包 pushed to the PCs (decision 183). An envelope is released when its daily window opens (an
 * activity without windows: once a day while it runs). A pass (jobs/envelope-release.ts, every 15 s; tests
 * call it) finds each running envelope whose window is open now, writes its release row once (activity,
 * Beijing day, window start), and tells the machines with a member online at that moment through the
 * terminal's message channel (the listener the terminal plugin registers). Offline machines are not told;
 * a PC that logs on later still sees the running envelope in terminal_activities.
 */

export interface EnvelopeRelease {
  activityId: number;
  name: string;
  machineIds: number[];
}
export type EnvelopeListener = (netbarId: number, r: EnvelopeRelease) => Promise<void>;
let listener: EnvelopeListener | undefined;
export function setEnvelopeListener(l: EnvelopeListener | undefined) {
  const before = listener;
  listener = l;
  return before;
}
export const envelopeListener = () => listener;

const minuteOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const APP_PERM = STORE_APP_BY_KEY.get(ENGINE_KIND_APP.red_envelope)!.perm;

export async function releaseEnvelopes(db: Db, now = new Date()): Promise<EnvelopeRelease[]> {
  const minute = shanghaiClock(now).minute;
  const day = shanghaiDate(now);
  const out: EnvelopeRelease[] = [];
  for (const a of await repo.runningEnvelopes(db, now)) {
    const open = a.windows.length
      ? a.windows.find((w) => minute >= minuteOf(w.from) && minute < minuteOf(w.to))
      : { from: '', to: '' };
    if (!open) continue;
    if ((await loadDisabledApps(db, a.netbar_id)).has(APP_PERM)) continue;
    if (!(await repo.markRelease(db, a.id, day, open.from))) continue;
    const machineIds = await repo.onlineMachines(db, a.netbar_id);
    await repo.setReleaseMachines(db, a.id, day, open.from, machineIds.length);
    const r = { activityId: a.id, name: a.name, machineIds };
    out.push(r);
    await listener?.(a.netbar_id, r);
  }
  return out;
}
