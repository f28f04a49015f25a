import {
  CURRENT_MOVEMENTS,
  type ShiftCurrent,
  type ShiftOpenBody,
  type ShiftPettyBody,
  type ShiftRow,
  type ShiftSettingsBody,
  UserType,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import {
  cashiersOf,
  figuresOf,
  openOrdersOf,
  openShiftRow,
  setApproval,
  setRemark,
  shiftById,
  shiftByRequest,
} from './shift.repo.ts';
import { movementsOf } from './shift-record.repo.ts';
import { saveSettings, settingsOf } from './shift-settings.repo.ts';
import { expectedCash, insertShift, type TillActor, tillMove } from './till.ts';

/** Opening a shift, petty cash, the current shift, approval of an over/short, the settings (decision 126). */

export type Replayed<T> = T & { replay: boolean };

/** Only the store's owner does this; staff are refused even with the page's grant. */
export function ownerOnly(s: TenantScope, what: string) {
  if (s.type !== UserType.Netbar) throw new ForbiddenError(`只有店主可以${what}`);
}

/** Opens the caller's shift with a counted float, once per request_id. */
export async function openShift(
  db: Db,
  s: TenantScope,
  actor: TillActor,
  b: ShiftOpenBody,
): Promise<Replayed<{ shift: ShiftRow }>> {
  const nid = s.netbarId;
  const replay = async () => {
    const prior = await shiftByRequest(db, nid, b.request_id);
    if (prior && prior.cashier_id !== actor.id) throw new ConflictError('请求编号已被使用');
    return prior ? { shift: prior, replay: true } : null;
  };
  const prior = await replay();
  if (prior) return prior;
  if (await openShiftRow(db, nid, actor.id)) throw new ConflictError('您已有未交班的班次');
  try {
    const opened = await db.transaction(async (tx) => {
      const row = await insertShift(tx, nid, actor, {
        float_fen: b.float_fen,
        how: 'counter',
        request_id: b.request_id,
      });
      if (b.remark) await setRemark(tx, row.id, b.remark);
      return row;
    });
    return { shift: (await shiftById(db, s, opened.id))!, replay: false };
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const again = await replay();
    if (again) return again;
    throw new ConflictError('您已有未交班的班次');
  }
}

/**
 * 备用金存入 / 取出 / 支出 with a reason, in cash, in the caller's open shift (opened with no float when
 * none is); money out may not take the drawer below zero. A retry with the same request_id applies once.
 */
export async function petty(db: Db, s: TenantScope, actor: TillActor, b: ShiftPettyBody) {
  const into = b.type === 'deposit';
  try {
    return await db.transaction(async (tx) => {
      const row = await tillMove(tx, s.netbarId, actor, {
        kind: into ? 'petty_in' : 'petty_out',
        method: 'cash',
        amount_fen: into ? b.amount_fen : -b.amount_fen,
        ref_type: b.type,
        remark: b.reason,
        request_id: b.request_id,
      });
      if (!into && (await expectedCash(tx, row.shift_id)) < 0)
        throw new BadInputError('钱箱现金不足，不能取出');
      return { ...row, replay: false };
    });
  } catch (e) {
    if (isUniqueViolation(e)) return { replay: true };
    throw e;
  }
}

/** The caller's open shift with its figures, the orders that would block its handover, the settings. */
export async function current(db: Db, s: TenantScope, actor: TillActor): Promise<ShiftCurrent> {
  const [shift, settings] = await Promise.all([
    openShiftRow(db, s.netbarId, actor.id),
    settingsOf(db, s.netbarId),
  ]);
  if (!shift) return { shift: null, figures: null, open_orders: 0, settings, recent: [] };
  const [figures, open, recent] = await Promise.all([
    figuresOf(db, shift.id, shift.float_fen),
    openOrdersOf(db, s.netbarId, shift.id, false),
    movementsOf(db, shift.id, CURRENT_MOVEMENTS),
  ]);
  return { shift, figures, open_orders: open.length, settings, recent };
}

export const cashiers = (db: Db, s: TenantScope) => cashiersOf(db, s.netbarId);

/** The owner approves or rejects a handover's over/short that waits for approval (decision 127). */
export async function approve(
  db: Db,
  s: TenantScope,
  by: string,
  b: { id: number; approve: boolean; remark?: string },
) {
  ownerOnly(s, '审批长短款');
  const shift = await shiftById(db, s, b.id);
  if (!shift) throw new NotFoundError('班次不存在');
  const done = await setApproval(db, s, b.id, b.approve ? 'approved' : 'rejected', by, b.remark ?? '');
  if (!done) throw new ConflictError('该班次没有待审批的长短款');
  return (await shiftById(db, s, b.id))!;
}

export const readSettings = (db: Db, s: TenantScope) => settingsOf(db, s.netbarId);

export async function writeSettings(db: Db, s: TenantScope, by: string, b: ShiftSettingsBody) {
  ownerOnly(s, '修改交班设置');
  await saveSettings(db, s.netbarId, b, by);
  return settingsOf(db, s.netbarId);
}
