import { DESK_LIMITS, type DeskBookingBody, fromShanghai } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { memberOne } from '../member/index.ts';
import { lockDesk } from './desk.repo.ts';
import { DESK_MISSING, replay } from './desk.service.ts';
import {
  bookingByRequest,
  endBooking,
  findBooking,
  insertBooking,
  overlapping,
  releaseNoShows,
} from './desk-booking.repo.ts';
import { openSessionOf } from './desk-session.repo.ts';

/**
 * Bookings by time slot (decision 130). A booking locks its desk row, then looks for an overlapping
 * 'booked' booking of the desk: two bookings of one slot are serialized on the lock, and the second
 * sees the first and is refused with 该时段已被预订. The same request_id twice books once.
 */

export const SLOT_TAKEN = '该时段已被预订';
const hhmm = (t: string) => t.slice(5, 16);

export async function bookDesk(db: Db, s: TenantScope, actor: { name: string }, b: DeskBookingBody) {
  await releaseNoShows(db, s.netbarId);
  const prior = await bookingByRequest(db, s, b.request_id);
  if (prior) throw replay(prior);
  const start = fromShanghai(b.start_at);
  const end = fromShanghai(b.end_at);
  const now = Date.now();
  if (end.getTime() <= now) throw new BadInputError('预订的结束时间已过，请重新选择时段');
  if (start.getTime() > now + DESK_LIMITS.bookingAheadDays * 86400_000)
    throw new BadInputError(`最多可提前${DESK_LIMITS.bookingAheadDays}天预订`);
  try {
    const id = await db.transaction(async (tx) => {
      const d = await lockDesk(tx, s, b.desk_id);
      if (!d) throw new NotFoundError(DESK_MISSING);
      if (!d.enabled) throw new ConflictError('该包间/桌台已停用，不能预订');
      const member = b.member_id ? await memberOne(tx, s, b.member_id) : undefined;
      const clash = await overlapping(tx, s, d.id, start.toISOString(), end.toISOString());
      if (clash) throw new ConflictError(`${SLOT_TAKEN}（${hhmm(clash.start_at)} 至 ${hhmm(clash.end_at)}）`);
      if (start.getTime() <= now && (await openSessionOf(tx, s, d.id)))
        throw new ConflictError('该包间/桌台正在使用中，请选择之后的时段');
      return insertBooking(tx, s, {
        deskId: d.id,
        memberId: member?.id ?? null,
        memberName: member?.name ?? '',
        customerName: b.customer_name ?? member?.name ?? '',
        mobile: b.mobile ?? member?.mobile ?? '',
        start: start.toISOString(),
        end: end.toISOString(),
        remark: b.remark ?? '',
        createdBy: actor.name,
        requestId: b.request_id,
      });
    });
    return (await findBooking(db, s, id))!;
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const again = await bookingByRequest(db, s, b.request_id);
    if (again) throw replay(again);
    throw e;
  }
}

/** Cancels a booking still to come (已预订 only). */
export async function cancelBooking(db: Db, s: TenantScope, id: number, reason?: string) {
  await releaseNoShows(db, s.netbarId);
  const r = await db.transaction((tx) => endBooking(tx, s, id, 'cancelled', reason ?? ''));
  if (!r) throw await notBooked(db, s, id);
  return (await findBooking(db, s, id))!;
}

/** The customer did not come: the slot is released now (the sweep does it DESK_LIMITS.noShowMinutes after the start). */
export async function releaseBooking(db: Db, s: TenantScope, id: number) {
  await releaseNoShows(db, s.netbarId);
  const b = await findBooking(db, s, id);
  if (!b) throw new NotFoundError('预订不存在');
  if (b.status === 'booked' && fromShanghai(b.start_at).getTime() > Date.now())
    throw new ConflictError('预订时间未到，不能标记为未到店（可取消预订）');
  const r = await db.transaction((tx) => endBooking(tx, s, id, 'no_show'));
  if (!r) throw await notBooked(db, s, id);
  return (await findBooking(db, s, id))!;
}

async function notBooked(db: Db, s: TenantScope, id: number) {
  const b = await findBooking(db, s, id);
  if (!b) return new NotFoundError('预订不存在');
  const label = { seated: '顾客已到店', cancelled: '预订已取消', no_show: '预订已标记为未到店', booked: '' }[
    b.status
  ];
  return new ConflictError(`${label}，不能再操作`);
}
