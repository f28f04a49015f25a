import type { Conn } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { type OpenShift, tillMove } from '../shift/index.ts';
import { memberById } from './member.repo.ts';
import { applyMemberMove } from './member-move.ts';
import { memberPool } from './member-pool.ts';

/**
 * 会员充值 paid by scan (decision 169): called by modules/counter-pay in the payment's settling
 * transaction — the payment service settles a payment once, so this runs once per payment; the ledger's
 * request id is the payment's number besides. Credits 本金 with the level's bonus and points, as a cash
 * top-up does, and books the money to the asking cashier's shift under 扫码 (or to `shift`, when given: a
 * PC's top-up goes to the cashier on duty, decision 185).
 */
export async function topUpByScan(
  tx: Conn,
  s: TenantScope,
  cashier: { id: number; name: string },
  p: { member_id: number; amount_fen: number; payment_no: string; remark?: string },
  shift?: OpenShift,
): Promise<void> {
  const pool = await memberPool(tx, s);
  await applyMemberMove(tx, { pool, user: cashier, requestId: `scan-${p.payment_no}` }, p.member_id, {
    kind: 'topup',
    amount: p.amount_fen,
    payMethod: 'scan',
    remark: p.remark,
  });
  await tillMove(
    tx,
    pool.store,
    cashier,
    {
      kind: 'topup',
      method: 'scan',
      amount_fen: p.amount_fen,
      ref_type: 'member',
      ref_no: String(p.member_id),
      request_id: `scan-${p.payment_no}`,
    },
    shift,
  );
}

/** The member of the caller's pool, undefined when there is none (another store's id). */
export async function memberForTopUp(db: Conn, s: TenantScope, id: number) {
  return memberById(db, await memberPool(db, s), id);
}
