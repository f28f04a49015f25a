import type { MemberLedgerRow } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import type { Actor } from './member.service.ts';
import { applyMemberMove } from './member-move.ts';
import { memberPool } from './member-pool.ts';

/**
 * A tip to a staff member (decision 148): 本金 only (never 奖励, never the level's overdraft), a 'tip' row
 * of the member ledger through applyMemberMove, inside the caller's transaction; the tip module makes the
 * request idempotent (its own ledger row shares the request id). A member of another pool is absent
 * (会员不存在); more than the 本金 is refused (本金余额不足…); a card not 正常 is refused.
 */
export async function tipFromPrincipal(
  tx: Conn,
  s: TenantScope,
  actor: Actor,
  b: { member_id: number; amount_fen: number; request_id: string; remark: string },
): Promise<MemberLedgerRow> {
  const pool = await memberPool(tx, s);
  const a = await applyMemberMove(tx, { pool, user: actor, requestId: b.request_id }, b.member_id, {
    kind: 'tip',
    principal: -b.amount_fen,
    bonus: 0,
    points: 0,
    remark: b.remark,
  });
  return a.ledger;
}
