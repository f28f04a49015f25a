import type { DeskSaveBody } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { replayedError } from '../../lib/reply.ts';
import { orConflict } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { deskHolds, findDesk, insertDesk, lockDesk, markDeleted, updateDesk } from './desk.repo.ts';

/** Rooms and tables of the store (包间管理 10521). */

export const DESK_MISSING = '包间/桌台不存在';
const NAME_TAKEN = '名称已存在，请换一个名称';

/** A retried request that already succeeded: 40007 (the console shows nothing) with the first answer. */
export const replay = (data: unknown) => replayedError(data);

export async function saveDesk(db: Db, s: TenantScope, b: DeskSaveBody) {
  const id = await orConflict(
    db.transaction(async (tx) => {
      if (!b.id) return insertDesk(tx, s, b);
      const d = await lockDesk(tx, s, b.id);
      if (!d) throw new NotFoundError(DESK_MISSING);
      if (!b.enabled && d.enabled && (await deskHolds(tx, s, b.id)).open > 0)
        throw new ConflictError('该包间/桌台正在使用中，结账后才能停用');
      await updateDesk(tx, s, b.id, b);
      return b.id;
    }),
    NAME_TAKEN,
  );
  return (await findDesk(db, s, id))!;
}

/** Hides a desk that nothing holds any more; its table orders and past bookings keep it. */
export async function removeDesk(db: Db, s: TenantScope, id: number) {
  await db.transaction(async (tx) => {
    const d = await lockDesk(tx, s, id);
    if (!d) throw new NotFoundError(DESK_MISSING);
    const h = await deskHolds(tx, s, id);
    if (h.open > 0) throw new ConflictError('该包间/桌台正在使用中，不能删除');
    if (h.booked > 0) throw new ConflictError(`该包间/桌台还有${h.booked}个未到期的预订，请先取消预订`);
    await markDeleted(tx, s, id);
  });
}
