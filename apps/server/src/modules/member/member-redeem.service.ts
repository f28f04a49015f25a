import type { MemberMoveResult, PointsRedeemBody, redemptionQuery } from '@netbar/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { skuLabel } from '../goods/index.ts';
import { stockSale } from '../stock/index.ts';
import type { Actor } from './member.service.ts';
import { applyMemberMove } from './member-move.ts';
import { memberPool } from './member-pool.ts';
import { insertRedemption, listRedemptions } from './member-redeem.repo.ts';
import { runMemberRequest } from './member-request.ts';

/**
 * Points redeemed (decision 108) for 奖励 (credited at once), online time (free minutes on the card, used by
 * sessions before money, decision 109) or goods (taken off the counter's stock by the stock domain's sale
 * call in the same transaction, decision 118). One ledger row (points out, 奖励 or minutes in), one record
 * and for goods one stock sale, once per request_id.
 */
export async function redeem(
  db: Db,
  s: TenantScope,
  actor: Actor,
  b: PointsRedeemBody,
): Promise<MemberMoveResult> {
  const pool = await memberPool(db, s);
  const sku = b.kind === 'goods' ? await skuLabel(db, s, b.sku_id!) : undefined;
  if (b.kind === 'goods' && !sku) throw new NotFoundError('商品不存在');
  return runMemberRequest(db, pool, b.request_id, async (tx) => {
    const bonus = b.kind === 'bonus' ? b.bonus_fen! : 0;
    const minutes = b.kind === 'online' ? b.minutes! : 0;
    const qty = b.kind === 'goods' ? (b.qty ?? 1) : 0;
    const a = await applyMemberMove(tx, { pool, user: actor, requestId: b.request_id }, b.member_id, {
      kind: 'redeem',
      principal: 0,
      bonus,
      points: -b.points,
      minutes,
      remark: b.remark ?? '',
    });
    // after the member's lock: a concurrent duplicate waits there and then loses on the ledger's index
    const sale = sku
      ? await stockSale(tx, s, actor, {
          request_id: `redeem:${b.request_id}`,
          lines: [{ sku_id: sku.id, qty }],
        })
      : undefined;
    await insertRedemption(tx, pool, {
      member_id: b.member_id,
      ledger_id: a.ledger.id,
      kind: b.kind,
      points: b.points,
      bonus_fen: bonus,
      minutes,
      sku_id: sku?.id ?? null,
      goods_name: sku?.name ?? '',
      qty,
      sale_id: sale?.sale_id ?? null,
      remark: b.remark ?? '',
      user: actor,
    });
    return { ledger: a.ledger };
  });
}

export async function redemptions(db: Db, s: TenantScope, q: z.infer<typeof redemptionQuery>, all = false) {
  return listRedemptions(db, await memberPool(db, s), q, all);
}
