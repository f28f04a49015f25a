import type { SeatSession } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';

/**
 * Who sits at a machine (member, start, elapsed minutes, balance) on the live map. The venue domain
 * does not own sessions: the session domain plugs its query in once, at import time, through
 * `setSeatSessionSource` (exported by modules/venue/index.ts). Until then every seat's `session` is
 * null. The source gets the store's scope and the machine ids on the map and answers the open
 * session of each machine that has one, e.g.
 *
 *   setSeatSessionSource((db, scope, ids) => openSessionsByMachine(db, scope, ids));
 *
 * It is never called for the public map, which shows no member data.
 */
export type SeatSessionSource = (
  db: Conn,
  scope: TenantScope,
  machineIds: number[],
) => Promise<Map<number, SeatSession>>;

let source: SeatSessionSource | null = null;

export function setSeatSessionSource(fn: SeatSessionSource | null): void {
  source = fn;
}

export async function seatSessions(db: Conn, scope: TenantScope, machineIds: number[]) {
  if (!source || !machineIds.length) return new Map<number, SeatSession>();
  return source(db, scope, machineIds);
}
