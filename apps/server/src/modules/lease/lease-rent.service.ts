import {
  cashTakenFen,
  fromShanghai,
  type LeaseLostBody,
  type LeaseOrderRow,
  type LeaseRentBody,
  type LeaseResult,
  type LeaseReturnBody,
  leaseCashRound,
  leaseFee,
  MEMBER_STATUS_LABELS,
} from '@netbar/contract';
import type { Conn, Db } from '../../db/client.ts';
import { BadInputError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { consumeMember, memberOne } from '../member/index.ts';
import { type TillActor, tillMove } from '../shift/index.ts';
import { closeLease, insertLease, type LeaseClose, leaseById, leaseIdByRequest } from './lease-order.repo.ts';
import { openLease, settle } from './lease-settle.ts';
import { lockItem, moveLeaseStock } from './lease-stock.ts';

/**
 * Renting out, returning and losing lease items at the counter (decision 128). Each is one transaction:
 * the lease row, the item quantity ledger, the till rows of the cashier's shift (tillMove) and the member
 * ledger when the member's balance pays; a request_id makes a retry apply once.
 */

/** How far ahead a rental may be booked to come back. */
const MAX_RENT_DAYS = 30;

const nidOf = (s: TenantScope) => {
  if (!s.netbarId) throw new NotFoundError('门店不存在');
  return s.netbarId;
};

async function answer(db: Conn, nid: number, id: number, replay: boolean): Promise<LeaseResult> {
  const lease = await leaseById(db, nid, id);
  if (!lease) throw new NotFoundError('租赁订单不存在');
  return { lease, replay };
}

export async function rentOut(
  db: Db,
  s: TenantScope,
  actor: TillActor,
  b: LeaseRentBody,
): Promise<LeaseResult> {
  const nid = nidOf(s);
  const prior = await leaseIdByRequest(db, nid, b.request_id);
  if (prior) return answer(db, nid, prior, true);
  const expected = fromShanghai(b.expected_return_at);
  const now = Date.now();
  if (expected.getTime() <= now) throw new BadInputError('预计归还时间须晚于当前时间');
  if (expected.getTime() > now + MAX_RENT_DAYS * 86_400_000)
    throw new BadInputError(`预计归还时间不能超过${MAX_RENT_DAYS}天`);
  const member = b.member_id ? await memberOne(db, s, b.member_id) : undefined;
  if (member && member.status !== 1)
    throw new BadInputError(`会员卡状态为${MEMBER_STATUS_LABELS[member.status]}，不能办理此业务`);
  const rid = `lease-rent-${b.request_id}`;
  try {
    const id = await db.transaction(async (tx) => {
      const item = await lockItem(tx, nid, b.item_id);
      if (!item.enabled) throw new BadInputError(`${item.name}已停用，不能租出`);
      // 抹分 (decision 143): a cash deposit is taken in whole 角, the 分 left to the customer; the lease keeps
      // the deposit taken, which is what the return gives back
      const deposit =
        b.pay_method === 'cash' ? cashTakenFen(item.deposit_fen * b.qty) : item.deposit_fen * b.qty;
      const lease = await insertLease(tx, nid, {
        item_id: item.id,
        item_name: item.name,
        qty: b.qty,
        price_fen: item.price_fen,
        price_unit: item.price_unit,
        deposit_fen: deposit,
        pay_method: b.pay_method,
        member_id: member?.id ?? null,
        customer_name: b.customer_name ?? member?.name ?? '',
        customer_phone: b.customer_phone ?? '',
        expected_return_at: expected.toISOString(),
        cashier: actor,
        remark: b.remark ?? '',
        request_id: b.request_id,
      });
      await moveLeaseStock(tx, nid, actor, {
        item_id: item.id,
        kind: 'rent',
        qty: b.qty,
        lease_id: lease.id,
        request_id: rid,
      });
      if (deposit > 0) {
        const ref = { ref_type: 'lease', ref_no: lease.lease_no, request_id: rid };
        const till = await tillMove(tx, nid, actor, {
          kind: 'lease_deposit',
          method: b.pay_method,
          amount_fen: deposit,
          ...ref,
        });
        if (b.pay_method === 'member')
          await consumeMember(tx, s, actor, {
            member_id: member!.id,
            amount_fen: deposit,
            request_id: rid,
            shift_id: till.shift_id,
          });
      }
      return lease.id;
    });
    return answer(db, nid, id, false);
  } catch (e) {
    const again = isUniqueViolation(e) ? await leaseIdByRequest(db, nid, b.request_id) : undefined;
    if (again) return answer(db, nid, again, true);
    throw e;
  }
}

export async function returnLease(
  db: Db,
  s: TenantScope,
  actor: TillActor,
  b: LeaseReturnBody,
): Promise<LeaseResult> {
  const nid = nidOf(s);
  const rid = `lease-close-${b.request_id}`;
  const replay = await db.transaction(async (tx) => {
    const l = await openLease(tx, nid, b.lease_id, b.request_id);
    if (!l) return true;
    const extraMethod = b.pay_method ?? l.pay_method;
    if (extraMethod === 'member' && !l.member_id) throw new BadInputError('非会员租用不能使用会员余额支付');
    const f = leaseFee(l, l.qty, l.rented_ms, l.now_ms);
    // 抹分 (decision 143): the cash settles in whole 角, the 分 come off the fee
    const round = leaseCashRound(l.deposit_fen, f.fee_fen, l.pay_method, extraMethod);
    const fee = f.fee_fen - round;
    await moveLeaseStock(tx, nid, actor, {
      item_id: l.item_id,
      kind: 'return',
      qty: l.qty,
      lease_id: l.id,
      request_id: rid,
    });
    const money = await settle(tx, s, actor, l, fee, extraMethod, rid);
    await closeLease(tx, l.id, {
      status: 'returned',
      loss_kind: null,
      minutes: f.minutes,
      fee_fen: fee,
      round_fen: round,
      ...money,
      extra_method: money.extra_fen > 0 ? extraMethod : null,
      closed_by: actor.name,
      close_remark: b.remark ?? '',
      close_request_id: b.request_id,
    } satisfies LeaseClose);
    return false;
  });
  return answer(db, nid, b.lease_id, replay);
}

/** 丢失 or 损坏: the deposit is kept as the fee, the units are written off the item (out with customers → gone). */
export async function loseLease(
  db: Db,
  s: TenantScope,
  actor: TillActor,
  b: LeaseLostBody,
): Promise<LeaseResult> {
  const nid = nidOf(s);
  const rid = `lease-close-${b.request_id}`;
  const replay = await db.transaction(async (tx) => {
    const l = await openLease(tx, nid, b.lease_id, b.request_id);
    if (!l) return true;
    await moveLeaseStock(tx, nid, actor, {
      item_id: l.item_id,
      kind: 'lost',
      qty: l.qty,
      lease_id: l.id,
      reason: b.reason,
      request_id: rid,
    });
    const money = await settle(tx, s, actor, l, l.deposit_fen, l.pay_method, rid);
    await closeLease(tx, l.id, {
      status: 'lost',
      loss_kind: b.kind,
      minutes: Math.floor(Math.max(0, l.now_ms - l.rented_ms) / 60_000),
      fee_fen: l.deposit_fen,
      round_fen: 0,
      ...money,
      extra_method: null,
      closed_by: actor.name,
      close_remark: b.reason,
      close_request_id: b.request_id,
    });
    return false;
  });
  return answer(db, nid, b.lease_id, replay);
}

export type { LeaseOrderRow };
