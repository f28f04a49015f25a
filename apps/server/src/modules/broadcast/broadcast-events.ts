import { maskPersonName, shanghaiDate } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { birthdayAt, machineSubject } from './broadcast.repo.ts';

/**
 * What the live channel tells the consoles' voice announcer besides seat orders, calls and draws (decision
 * 189): the terminal plugin calls these after the session domain's warning or a logon, and publishes
 * BALANCE_LOW or BIRTHDAY to the store's consoles. Names are masked here, before anything leaves.
 */
export interface AnnouncedSubject {
  machine: string;
  member_name: string;
}

/** 余额不足: the machine and the masked member online there; undefined for a machine not of the store. */
export async function balanceLowSubject(
  db: Conn,
  nid: number,
  machineId: number,
): Promise<AnnouncedSubject | undefined> {
  const r = await machineSubject(db, nid, machineId);
  return r
    ? { machine: r.machine, member_name: r.member_name ? maskPersonName(r.member_name) : '' }
    : undefined;
}

/** 会员生日: the logon's machine and masked member when the member's birthday is today (Beijing); else undefined. */
export async function birthdaySubject(
  db: Conn,
  nid: number,
  machineId: number,
  memberId: number,
  now: Date = new Date(),
): Promise<AnnouncedSubject | undefined> {
  const x = await birthdayAt(db, nid, machineId, memberId, shanghaiDate(now).slice(5));
  return x ? { machine: x.machine, member_name: maskPersonName(x.name) } : undefined;
}
