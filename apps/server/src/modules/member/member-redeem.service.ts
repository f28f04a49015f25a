import type { MemberMoveResult, PointsRedeemBody, redemptionQuery } from '@netbar/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { skuLabel } from '../goods/index.ts';
import type { Actor } from './member.service.ts';
import { applyMemberMove } from './member-move.ts';
import { memberPool } from './member-pool.ts';
import { insertRedemption, listRedemptions } from './member-redeem.repo.ts';
import { runMemberRequest } from './member-request.ts';

/**
 * Points redeemed (decision 108) for 奖励 (credited at once), online time (the minutes are recorded; the
 * session billing honours them when it starts a session) or goods (the SKU and quantity are recorded; the
 * counter hands the goods over). One ledger row (points out, 奖励 in) and one record, once per request_id.
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
    const a = await applyMemberMove(tx, { pool, user: actor, requestId: b.request_id }, b.member_id, {
      kind: 'redeem',
      principal: 0,
      bonus,
      points: -b.points,
      remark: b.remark ?? '',
    });
    await insertRedemption(tx, pool, {
      member_id: b.member_id,
      ledger_id: a.ledger.id,
      kind: b.kind,
      points: b.points,
      bonus_fen: bonus,
      minutes: b.kind === 'online' ? b.minutes! : 0,
      sku_id: sku?.id ?? null,
      goods_name: sku?.name ?? '',
      qty: b.kind === 'goods' ? (b.qty ?? 1) : 0,
      remark: b.remark ?? '',
      user: actor,
    });
    return { ledger: a.ledger };
  });
}

export async function redemptions(db: Db, s: TenantScope, q: z.infer<typeof redemptionQuery>, all = false) {
  return listRedemptions(db, await memberPool(db, s), q, all);
}
