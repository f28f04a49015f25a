import {
  type ApprovalStatus,
  countTotalFen,
  fenToYuan,
  overShortLabel,
  type ShiftHandoverBody,
  type ShiftHandoverResult,
} from '@netbar/contract';
import type { Conn, Db } from '../../db/client.ts';
import { BadInputError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import {
  carryOrders,
  cashiersOf,
  closeShift,
  figuresOf,
  linkNext,
  lockShift,
  openOrdersOf,
  openShiftRow,
  shiftByHandoverRequest,
  shiftById,
} from './shift.repo.ts';
import type { Replayed } from './shift.service.ts';
import { settingsOf } from './shift-settings.repo.ts';
import { insertShift, type TillActor } from './till.ts';

/**
 * The handover (decision 126): the cashier counts the drawer by denomination; counted − expected is
 * the over (长款) or short (短款), which needs a reason and, when the store's rule says so, waits for the
 * owner's approval. Orders still 待支付 or 制作中 block it unless carried over to the next shift. The
 * shift row is locked for update (tillMove reads it for share), closed with its figures, and the next
 * shift opens for the receiving cashier with the float left in the drawer — all in one transaction,
 * once per request_id.
 */
export async function handover(
  db: Db,
  s: TenantScope,
  actor: TillActor,
  b: ShiftHandoverBody,
): Promise<Replayed<ShiftHandoverResult>> {
  const nid = s.netbarId;
  const replay = async () => {
    const prior = await shiftByHandoverRequest(db, nid, b.request_id);
    if (!prior) return null;
    if (prior.id !== b.id) throw new ConflictError('请求编号已被使用');
    const next = prior.next_shift_id ? await shiftById(db, s, prior.next_shift_id) : null;
    return { shift: prior, next_shift: next, replay: true };
  };
  const prior = await replay();
  if (prior) return prior;
  const counted = countTotalFen(b.counts);
  try {
    const ids = await db.transaction(async (tx) => {
      const shift = await lockShift(tx, s, b.id);
      if (!shift) throw new NotFoundError('班次不存在');
      if (shift.cashier_id !== actor.id) throw new ForbiddenError('不能交接他人的班次');
      if (shift.status !== 'open') throw new ConflictError('该班次已交班');
      if (b.float_left_fen > counted) throw new BadInputError('留存备用金不能超过清点的现金');
      const figures = await figuresOf(tx, shift.id, shift.float_fen);
      const diff = counted - figures.expected_cash_fen;
      const reason = b.reason ?? '';
      if (diff !== 0 && !reason)
        throw new BadInputError(`${overShortLabel(diff)}${fenToYuan(Math.abs(diff))}元，请填写原因`);
      const open = await openOrdersOf(tx, nid, shift.id);
      if (open.length && !b.carry_orders)
        throw new ConflictError(`本班次还有${open.length}笔待支付或制作中的订单，请先处理或结转到下一班次`);
      if (open.length && !b.next_cashier_id) throw new BadInputError('结转订单须选择接班人');
      const receiver = b.next_cashier_id ? await receiverOf(tx, nid, b.next_cashier_id) : null;
      const settings = await settingsOf(tx, nid);
      const approval: ApprovalStatus = diff !== 0 && settings.approval === 'owner' ? 'pending' : '';
      await closeShift(tx, shift.id, {
        closedBy: actor.name,
        how: 'counter',
        expected: figures.expected_cash_fen,
        counted,
        reason: diff !== 0 ? reason : '',
        counts: b.counts.filter((c) => c.count > 0),
        floatLeft: b.float_left_fen,
        carried: open,
        approval,
        requestId: b.request_id,
        remark: b.remark ?? '',
      });
      if (!receiver) return { id: shift.id, next: null };
      if (receiver.id !== actor.id && (await openShiftRow(tx, nid, receiver.id)))
        throw new ConflictError(`接班人${receiver.name}已有未交班的班次，请先交班`);
      const next = await insertShift(tx, nid, receiver, {
        float_fen: b.float_left_fen,
        how: 'handover',
        prev_shift_id: shift.id,
      });
      await linkNext(tx, shift.id, next.id);
      await carryOrders(tx, nid, open, next.id);
      return { id: shift.id, next: next.id };
    });
    const [shift, next] = await Promise.all([
      shiftById(db, s, ids.id),
      ids.next ? shiftById(db, s, ids.next) : null,
    ]);
    return { shift: shift!, next_shift: next, replay: false };
  } catch (e) {
    // a concurrent duplicate that closed the shift first (this one waited on its lock): its answer
    const again = await replay();
    if (again) return again;
    if (isUniqueViolation(e)) throw new ConflictError('接班人已有未交班的班次，请先交班');
    throw e;
  }
}

/** The receiving cashier: the store's owner or one of its staff. */
async function receiverOf(tx: Conn, nid: number, id: number) {
  const r = (await cashiersOf(tx, nid)).find((c) => c.id === id);
  if (!r) throw new BadInputError('接班人不存在，请选择本店店主或员工');
  return { id: r.id, name: r.name };
}
