import {
  type RefundApproveBody,
  type RefundRejectBody,
  type RefundRequestBody,
  type RefundRequestRow,
  TRADE_MSG,
  yuanToFen,
} from '@netbar/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { paymentsOf } from '../payment/index.ts';
import * as repo from './refund-request.repo.ts';

/**
 * Refunds on request (decision 172): a store asks for a refund of one of its payments (never above what
 * is left to refund, one pending request a payment); the payment company approves it — the payment
 * service refunds through the provider with the request id `rr-<id>`, so two approvals at once make one
 * refund — or rejects it with a reason.
 */

export interface RefundRequestDeps {
  db: Db;
  config: Config;
}

export interface Actor {
  id: number;
  name: string;
}

const REFUNDABLE = new Set(['已支付', '部分退款']);

export async function requestRefund(
  deps: RefundRequestDeps,
  s: TenantScope,
  actor: Actor,
  b: RefundRequestBody,
): Promise<{ request: RefundRequestRow; replayed: boolean }> {
  const amount = yuanToFen(b.amount);
  if (!amount || amount <= 0) throw new BadInputError('退款金额须为大于0且最多两位小数的金额');
  const id = await deps.db.transaction(async (tx) => {
    const p = await repo.storePaymentLocked(tx, s, b.payment_no);
    if (!p) throw new NotFoundError(TRADE_MSG.notFound);
    const seen = await repo.requestByClientId(tx, p.netbar_id, b.request_id);
    if (seen) {
      if (seen.payment_id !== p.id || seen.amount_fen !== amount)
        throw new ConflictError(TRADE_MSG.requestUsed);
      return { id: seen.id, replayed: true };
    }
    if (!REFUNDABLE.has(p.status)) throw new ConflictError(TRADE_MSG.notRefundable);
    if (amount > p.amount_fen - p.refunded_fen) throw new BadInputError(TRADE_MSG.over);
    if (await repo.pendingOf(tx, p.id)) throw new ConflictError(TRADE_MSG.pending);
    const newId = await repo.insertRequest(tx, {
      payment_id: p.id,
      netbar_id: p.netbar_id,
      amount_fen: amount,
      reason: b.reason,
      request_id: b.request_id,
      user_id: actor.id,
      user_name: actor.name,
    });
    return { id: newId, replayed: false };
  });
  return { request: await repo.requestRow(deps.db, id.id), replayed: id.replayed };
}

export async function approveRequest(
  deps: RefundRequestDeps,
  s: TenantScope,
  actor: Actor,
  b: RefundApproveBody,
): Promise<{ request: RefundRequestRow; replayed: boolean }> {
  const r = await repo.requestById(deps.db, s, b.id);
  if (!r) throw new NotFoundError(TRADE_MSG.requestNotFound);
  const decidedBefore = () => {
    throw new ConflictError(TRADE_MSG.decided);
  };
  if (r.status !== '待审核') {
    if (r.status === '已退款' && r.decided_request_id === b.request_id)
      return { request: await repo.requestRow(deps.db, r.id), replayed: true };
    decidedBefore();
  }
  // one refund per request whatever the approvals: the payment service is idempotent by its request id
  const res = await paymentsOf(deps).refund(s, actor.id, {
    payment_no: r.payment_no,
    amount_fen: r.amount_fen,
    reason: `退款申请：${r.reason}`.slice(0, 50),
    request_id: `rr-${r.id}`,
  });
  const done = await deps.db.transaction((tx) =>
    repo.markRefunded(tx, r.id, {
      refund_no: res.refund.refund_no,
      request_id: b.request_id,
      user_id: actor.id,
    }),
  );
  if (!done) {
    const now = await repo.requestById(deps.db, s, r.id);
    if (now?.status === '已退款' && now.decided_request_id === b.request_id)
      return { request: await repo.requestRow(deps.db, r.id), replayed: true };
    decidedBefore();
  }
  return { request: await repo.requestRow(deps.db, r.id), replayed: false };
}

export async function rejectRequest(
  deps: RefundRequestDeps,
  s: TenantScope,
  actor: Actor,
  b: RefundRejectBody,
): Promise<RefundRequestRow> {
  const r = await repo.requestById(deps.db, s, b.id);
  if (!r) throw new NotFoundError(TRADE_MSG.requestNotFound);
  if (!(await deps.db.transaction((tx) => repo.markRejected(tx, r.id, b.reject_reason, actor.id))))
    throw new ConflictError(TRADE_MSG.decided);
  return repo.requestRow(deps.db, r.id);
}
