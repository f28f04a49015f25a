import { randomBytes, randomInt } from 'node:crypto';
import type { ReservationDone } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { lockMachine, writeState } from './machine.repo.ts';
import {
  codesInUse,
  endReservation,
  ensureLink,
  expireDue,
  holdingByMobile,
  insertReservation,
  linkOf,
  updateLink,
} from './reservation.repo.ts';
import { seatsChanged } from './seat-events.ts';

/**
 * Seat reservations (decision 102). A reservation holds a free machine for the store's hold time and
 * answers a one-time 6-digit code; the machine shows 预订 until the code is redeemed, the reservation
 * is cancelled, or it expires (checked before every read and write of the store's seats, and swept by
 * the periodic job). The partial unique index on seat_reservations(machine_id) where holding makes a
 * second reservation of one machine impossible, whatever the timing.
 */

const TAKEN = '该机位已被预订，请选择其他机位';

/** A fresh 6-digit code not held by another reservation of the store. */
async function newCode(db: Db, s: TenantScope): Promise<string> {
  const used = await codesInUse(db, s);
  for (;;) {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    if (!used.has(code)) return code;
  }
}

export interface ReserveInput {
  machineId: number;
  mobile: string;
  name?: string;
  holdMinutes: number;
  source: 'public' | 'staff';
  createdBy: string;
}

export async function reserveSeat(db: Db, s: TenantScope, v: ReserveInput): Promise<ReservationDone> {
  await expireDue(db, s.netbarId);
  const code = await newCode(db, s);
  try {
    const done = await db.transaction(async (tx) => {
      const m = await lockMachine(tx, s, v.machineId);
      if (!m) throw new NotFoundError('机位不存在');
      if (m.state === '预订') throw new ConflictError(TAKEN);
      if (m.state !== '空闲') throw new ConflictError(`该机位当前${m.state}，不能预订`);
      const held = await holdingByMobile(tx, s, v.mobile);
      if (held) throw new ConflictError(`该手机号已预订机位「${held}」，请到店使用或取消后再预订`);
      const r = await insertReservation(tx, s, {
        machineId: m.id,
        code,
        name: v.name ?? '',
        mobile: v.mobile,
        source: v.source,
        holdMinutes: v.holdMinutes,
        createdBy: v.createdBy,
      });
      await writeState(tx, s, [m.id], '预订');
      return { id: r.id, code, machine_name: m.name, expires_at: r.expires_at, hold_minutes: v.holdMinutes };
    });
    seatsChanged(s.netbarId, [v.machineId]);
    return done;
  } catch (e) {
    if (isUniqueViolation(e)) throw new ConflictError(TAKEN);
    throw e;
  }
}

/** Ends a holding reservation and frees its machine if it still shows 预订. */
async function finish(
  db: Db,
  s: TenantScope,
  by: { id: number } | { code: string },
  status: 'used' | 'cancelled',
) {
  await expireDue(db, s.netbarId);
  const done = await db.transaction(async (tx) => {
    const r = await endReservation(tx, s, by, status);
    if (!r) throw new NotFoundError('id' in by ? '预订不存在或已结束' : '预订码无效或已过期');
    const m = await lockMachine(tx, s, r.machine_id);
    if (m?.state === '预订') await writeState(tx, s, [m.id], '空闲');
    return { id: r.id, machine_id: r.machine_id, machine_name: m?.name ?? '' };
  });
  seatsChanged(s.netbarId, [done.machine_id]);
  return done;
}

export const cancelReservation = (db: Db, s: TenantScope, id: number) => finish(db, s, { id }, 'cancelled');
/** The customer arrived: the code is used once; the machine is free for their logon. */
export const redeemReservation = (db: Db, s: TenantScope, code: string) => finish(db, s, { code }, 'used');

/** The store's public link, created on first use. */
export async function seatLink(db: Db, s: TenantScope) {
  return (await linkOf(db, s)) ?? ensureLink(db, s, newToken());
}

export async function saveSeatLink(db: Db, s: TenantScope, v: { hold_minutes: number; enabled: boolean }) {
  await seatLink(db, s);
  await updateLink(db, s, v);
  return seatLink(db, s);
}

/** A new token: the old link and its QR code stop working at once. */
export async function resetSeatLink(db: Db, s: TenantScope) {
  await seatLink(db, s);
  await updateLink(db, s, { token: newToken() });
  return seatLink(db, s);
}

/** 24 random bytes, URL-safe (32 characters): not guessable, not derived from the store id. */
export const newToken = () => randomBytes(24).toString('base64url');
