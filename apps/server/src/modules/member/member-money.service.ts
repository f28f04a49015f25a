import {
  CASH_TOPUP_FEN_REFUSED,
  type ConsumeBody,
  type CorrectBody,
  cashRoundFen,
  type MemberMoveResult,
  type memberRefundBody,
  type TopUpBody,
  type transferBody,
} from '@netbar/contract';
import type { z } from 'zod';
import type { Conn, Db } from '../../db/client.ts';
import { BadInputError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { tillMove } from '../shift/index.ts';
import { setStatus } from './member.repo.ts';
import { type Actor, ownerOnly } from './member.service.ts';
import { settingsOf } from './member-level.repo.ts';
import { applyMemberMove, lockMember, topUpPromotionOf } from './member-move.ts';
import { memberPool } from './member-pool.ts';
import { runMemberRequest } from './member-request.ts';
import { paymentMethod } from './payment-method.ts';

/** Money on a member card: top-up, consumption, correction, transfer, 退卡. Every change goes through applyMemberMove. */

export async function topUp(db: Db, s: TenantScope, actor: Actor, b: TopUpBody): Promise<MemberMoveResult> {
  const pool = await memberPool(db, s);
  const method = paymentMethod(b.pay_method);
  const res = await runMemberRequest(db, pool, b.request_id, async (tx) => {
    // 抹分 (decision 143): the drawer takes whole 角 only; a retry of a top-up already made still answers
    if (method.name === 'cash' && cashRoundFen(b.amount_fen)) throw new BadInputError(CASH_TOPUP_FEN_REFUSED);
    await method.collect(tx, { amount_fen: b.amount_fen, request_id: b.request_id });
    const a = await applyMemberMove(tx, { pool, user: actor, requestId: b.request_id }, b.member_id, {
      kind: 'topup',
      amount: b.amount_fen,
      payMethod: method.name,
      remark: b.remark,
    });
    // the money taken at the counter belongs to the cashier's shift (decision 122)
    await tillMove(tx, pool.store, actor, {
      kind: 'topup',
      method: method.name,
      amount_fen: b.amount_fen,
      ref_type: 'member',
      ref_no: String(b.member_id),
      request_id: b.request_id,
    });
    return {
      ledger: a.ledger,
      ...(a.upgradedTo ? { upgraded_to: a.upgradedTo } : {}),
      ...(a.promotion ? { promotion: a.promotion } : {}),
    };
  });
  // a retry names the promotion the first attempt joined (decision 178)
  if (!res.replay) return res;
  const promotion = await topUpPromotionOf(db, pool, b.request_id);
  return promotion ? { ...res, promotion } : res;
}

/**
 * Charges a member of the caller's store (exported for sessions and orders): deducts per the store's
 * 先扣奖励 / 先扣本金 setting, refuses with 会员余额不足… when the balance (and the level's overdraft)
 * does not cover it, once per request_id. Works on the database or inside a caller's transaction.
 */
export async function consumeMember(
  conn: Conn,
  s: TenantScope,
  actor: Actor,
  b: ConsumeBody & { order_id?: number; session_id?: number; shift_id?: number; free_minutes?: number },
): Promise<MemberMoveResult> {
  const pool = await memberPool(conn, s);
  const { deduct_order } = await settingsOf(conn, pool.store);
  return runMemberRequest(conn, pool, b.request_id, async (tx) => {
    const a = await applyMemberMove(
      tx,
      { pool, user: actor, requestId: b.request_id, shiftId: b.shift_id },
      b.member_id,
      {
        kind: 'consume',
        amount: b.amount_fen,
        order: deduct_order,
        orderId: b.order_id,
        sessionId: b.session_id,
        minutes: b.free_minutes,
      },
    );
    return { ledger: a.ledger };
  });
}

/** 冲正调整 (owner only): signed 本金, 奖励, points and free minutes, with a reason; none may go below zero. */
export async function correct(
  db: Db,
  s: TenantScope,
  actor: Actor,
  b: CorrectBody,
): Promise<MemberMoveResult> {
  ownerOnly(s, '冲正调整会员余额');
  const pool = await memberPool(db, s);
  return runMemberRequest(db, pool, b.request_id, async (tx) => {
    const a = await applyMemberMove(tx, { pool, user: actor, requestId: b.request_id }, b.member_id, {
      kind: 'correct',
      principal: b.principal_fen,
      bonus: b.bonus_fen,
      points: b.points,
      minutes: b.minutes,
      remark: b.reason,
    });
    return { ledger: a.ledger };
  });
}

/** 本金 from one member to another of the same pool: two rows, one transaction, locks in id order. */
export async function transfer(db: Db, s: TenantScope, actor: Actor, b: z.infer<typeof transferBody>) {
  const pool = await memberPool(db, s);
  return runMemberRequest(db, pool, b.request_id, async (tx) => {
    for (const id of [b.from_id, b.to_id].sort((x, y) => x - y)) await lockMember(tx, pool, id);
    const ctx = { pool, user: actor, requestId: b.request_id };
    const remark = b.remark ?? '';
    const out = await applyMemberMove(tx, ctx, b.from_id, {
      kind: 'transfer_out',
      principal: -b.amount_fen,
      bonus: 0,
      points: 0,
      remark,
    });
    const inn = await applyMemberMove(tx, { ...ctx, seq: 2 }, b.to_id, {
      kind: 'transfer_in',
      principal: b.amount_fen,
      bonus: 0,
      points: 0,
      remark,
    });
    return { ledger: out.ledger, ledger_in: inn.ledger };
  });
}

/** 退卡: 本金 paid back in cash (the ledger row says so), 奖励 and points forfeited, status 已退卡. */
export async function refundCard(db: Db, s: TenantScope, actor: Actor, b: z.infer<typeof memberRefundBody>) {
  const pool = await memberPool(db, s);
  return runMemberRequest(db, pool, b.request_id, async (tx) => {
    const cur = await lockMember(tx, pool, b.id);
    if (cur.status === 4) throw new BadInputError('该会员已退卡');
    if (cur.principal < 0) throw new BadInputError('会员本金为透支状态，请先充值结清后再退卡');
    const a = await applyMemberMove(tx, { pool, user: actor, requestId: b.request_id }, b.id, {
      kind: 'refund_card',
      principal: -cur.principal,
      bonus: -cur.bonus,
      points: -cur.points,
      minutes: -cur.minutes,
      remark: b.reason,
    });
    await setStatus(tx, pool, b.id, [1, 2, 3], 4);
    // 本金 leaves the cashier's drawer in cash (decision 122)
    if (cur.principal > 0)
      await tillMove(tx, pool.store, actor, {
        kind: 'refund',
        method: 'cash',
        amount_fen: -cur.principal,
        ref_type: 'refund_card',
        ref_no: String(b.id),
        remark: b.reason,
        request_id: b.request_id,
      });
    return { ledger: a.ledger };
  });
}
