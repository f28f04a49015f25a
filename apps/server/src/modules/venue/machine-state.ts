import type { MachineRow, MachineState } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { findMachine, lockMachine, reportStates, writeState } from './machine.repo.ts';
import { endReservation, expireDue, holdingOf } from './reservation.repo.ts';

/**
 * What the terminal and session domains use (exported by index.ts). Both take the store's scope first
 * (a terminal call builds it with systemStoreScope(netbarId) after checking the store's key).
 */

/** The store's machine, or null (another store's id answers like a missing one). */
export async function machineInStore(conn: Conn, scope: TenantScope, id: number): Promise<MachineRow | null> {
  await expireDue(conn, scope.netbarId);
  return findMachine(conn, scope, id);
}

export interface SetStateOptions {
  /** Change only from one of these states (compare-and-set); otherwise leave the machine as it is. */
  from?: readonly MachineState[];
  /** The machine's id is pushed here when this call changed its state (tell the consoles after commit). */
  changed?: number[];
}

/**
 * Sets a machine's state and answers the state it now has, or null when the machine is not the
 * store's. Run it inside the caller's transaction to make it part of a logon or logoff. Rules:
 * - a reserved machine (a holding reservation) reported 空闲 or 离线 by its terminal stays 预订;
 * - 上机中 on a reserved machine uses the reservation (the customer sat down);
 * - with `from`, a machine in another state is left unchanged (its current state is answered).
 */
export async function setMachineState(
  conn: Conn,
  scope: TenantScope,
  machineId: number,
  state: MachineState,
  opts: SetStateOptions = {},
): Promise<MachineState | null> {
  await expireDue(conn, scope.netbarId);
  const m = await lockMachine(conn, scope, machineId);
  if (!m) return null;
  if (opts.from && !opts.from.includes(m.state)) return m.state;
  const held = await holdingOf(conn, scope, machineId);
  let next = state;
  if (held && (state === '空闲' || state === '离线')) next = '预订';
  if (held && state === '上机中') await endReservation(conn, scope, { id: held.id }, 'used');
  if (await writeState(conn, scope, [machineId], next)) opts.changed?.push(machineId);
  return next;
}

/**
 * A terminal's report of many machines at once, in one statement (decision 121): the rules of
 * setMachineState with `from`, for each reported machine of the store. Answers the store's machines
 * (id, the state each now has, whether it moved), by id; another store's ids are left out.
 */
export async function reportMachineStates(
  conn: Conn,
  scope: TenantScope,
  reports: readonly { id: number; state: MachineState }[],
  from: readonly MachineState[],
) {
  await expireDue(conn, scope.netbarId);
  return reports.length ? reportStates(conn, scope, reports, from) : [];
}
