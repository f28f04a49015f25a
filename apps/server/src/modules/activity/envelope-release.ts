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
 * a PC that logs on later still sees the running envelope in terminal_activities. A chain-wide envelope
 * reaches every store of the chain whose app is on (decision 187): the listener is called once per store,
 * with that store's machines, as a claim is made at the machine's own store.
 */

/** One store's share of a release: what the listener is told. */
export interface EnvelopePush {
  activityId: number;
  name: string;
  machineIds: number[];
}
/** A release: every machine told, and per store. */
export interface EnvelopeRelease extends EnvelopePush {
  stores: { netbarId: number; machineIds: number[] }[];
}
export type EnvelopeListener = (netbarId: number, r: EnvelopePush) => Promise<void>;
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
    const storeIds: number[] = [];
    for (const nid of await repo.coveredStores(db, a))
      if (!(await loadDisabledApps(db, nid)).has(APP_PERM)) storeIds.push(nid);
    if (!storeIds.length) continue;
    if (!(await repo.markRelease(db, a.id, day, open.from))) continue;
    const stores = [];
    for (const netbarId of storeIds)
      stores.push({ netbarId, machineIds: await repo.onlineMachines(db, netbarId) });
    const machineIds = stores.flatMap((x) => x.machineIds);
    await repo.setReleaseMachines(db, a.id, day, open.from, machineIds.length);
    out.push({ activityId: a.id, name: a.name, machineIds, stores });
    for (const x of stores)
      if (x.machineIds.length)
        await listener?.(x.netbarId, { activityId: a.id, name: a.name, machineIds: x.machineIds });
  }
  return out;
}
