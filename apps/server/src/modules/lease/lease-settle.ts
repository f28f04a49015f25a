import { type LeasePayMethod, leaseSettlement } from '@netbar/contract';
import type { Tx } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { consumeMember } from '../member/index.ts';
import { type TillActor, tillMove } from '../shift/index.ts';
import { creditMemberDeposit } from './lease-member.ts';
import { type LockedLease, lockLease } from './lease-order.repo.ts';

/** Closing a lease (decision 128): the lease locked once, and its money settled on the books. */

/** Locks the lease; a lease already closed by this request is a replay (undefined), by another a conflict. */
export async function openLease(tx: Tx, nid: number, id: number, requestId: string) {
  const l = await lockLease(tx, nid, id);
  if (!l) throw new NotFoundError('租赁订单不存在');
  if (l.status === 'renting') return l;
  if (l.close_request_id === requestId) return undefined;
  throw new ConflictError(l.status === 'returned' ? '该租赁已归还' : '该租赁已登记丢失损坏');
}

/**
 * Settles a lease on the books: the whole deposit given back (lease_refund, its method) and the fee charged
 * (lease_fee: from the deposit in its method, the part above it in `extraMethod`); the member's balance gets
 * back what the customer gets back, or pays the part above the deposit.
 */
export async function settle(
  tx: Tx,
  s: TenantScope,
  actor: TillActor,
  l: LockedLease,
  fee: number,
  extraMethod: LeasePayMethod,
  rid: string,
) {
  const nid = s.netbarId!;
  const { refund_fen, extra_fen } = leaseSettlement(l.deposit_fen, fee);
  const ref = { ref_type: 'lease', ref_no: l.lease_no, request_id: rid };
  let shiftId: number | undefined;
  if (l.deposit_fen > 0) {
    const t = await tillMove(tx, nid, actor, {
      kind: 'lease_refund',
      method: l.pay_method,
      amount_fen: -l.deposit_fen,
      seq: 1,
      ...ref,
    });
    shiftId = t.shift_id;
  }
  const kept = fee - extra_fen;
  if (kept > 0)
    await tillMove(tx, nid, actor, {
      kind: 'lease_fee',
      method: l.pay_method,
      amount_fen: kept,
      seq: 2,
      ...ref,
    });
  if (extra_fen > 0) {
    const t = await tillMove(tx, nid, actor, {
      kind: 'lease_fee',
      method: extraMethod,
      amount_fen: extra_fen,
      seq: 3,
      ...ref,
    });
    shiftId = t.shift_id;
  }
  if (l.pay_method === 'member' && refund_fen > 0)
    await creditMemberDeposit(tx, s, actor, {
      member_id: l.member_id!,
      amount_fen: refund_fen,
      rent_request_id: `lease-rent-${l.request_id}`,
      request_id: rid,
      shift_id: shiftId,
      lease_no: l.lease_no,
    });
  if (extraMethod === 'member' && extra_fen > 0)
    await consumeMember(tx, s, actor, {
      member_id: l.member_id!,
      amount_fen: extra_fen,
      request_id: `${rid}-extra`,
      shift_id: shiftId,
    });
  return { refund_fen, extra_fen };
}
