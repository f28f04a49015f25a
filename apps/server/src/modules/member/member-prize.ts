import type { MemberLedgerRow } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import type { Actor } from './member.service.ts';
import { applyMemberMove } from './member-move.ts';
import type { MemberPool } from './member-pool.ts';

/**
 * An activity's member moves (decision 173), inside the activity claim's transaction: `prize_buy` (seq 1)
 * takes a box's price (points, or 本金 only), `prize` (seq 2) pays a prize (奖励, points or free
 * minutes). Both carry the claim's request id, so the member ledger's unique index also makes them once.
 */
export async function prizeMove(
  tx: Conn,
  pool: MemberPool,
  actor: Actor,
  b: {
    member_id: number;
    kind: 'prize' | 'prize_buy';
    request_id: string;
    principal?: number;
    bonus?: number;
    points?: number;
    minutes?: number;
    remark: string;
  },
): Promise<MemberLedgerRow> {
  const a = await applyMemberMove(
    tx,
    { pool, user: actor, requestId: b.request_id, seq: b.kind === 'prize_buy' ? 1 : 2 },
    b.member_id,
    {
      kind: b.kind,
      principal: b.principal ?? 0,
      bonus: b.bonus ?? 0,
      points: b.points ?? 0,
      minutes: b.minutes ?? 0,
      remark: b.remark,
    },
  );
  return a.ledger;
}
