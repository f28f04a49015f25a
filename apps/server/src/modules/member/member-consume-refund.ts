import type { MemberMoveResult } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { BadInputError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import type { Actor } from './member.service.ts';
import { applyMemberMove } from './member-move.ts';
import { memberPool } from './member-pool.ts';
import { runMemberRequest } from './member-request.ts';

/**
 * 消费退款 (issue 13): gives an order's member payment back to the card it came from, restoring 本金 and
 * 奖励 as they were taken — the reverse of the deduction: 本金 first up to what the order's consumption
 * took from 本金 (less earlier refunds of the same order), then 奖励. Never more than the order took.
 * Once per request_id, in the caller's transaction (a savepoint of it).
 */
export async function refundConsume(
  conn: Conn,
  s: TenantScope,
  actor: Actor,
  b: {
    member_id: number;
    order_id: number;
    amount_fen: number;
    request_id: string;
    shift_id?: number;
    remark?: string;
  },
): Promise<MemberMoveResult> {
  const pool = await memberPool(conn, s);
  return runMemberRequest(conn, pool, b.request_id, async (tx) => {
    const r = await rows<{ kind: string; p: number; b: number }>(
      tx,
      sql`select kind, coalesce(sum(principal_delta), 0)::float8 as p, coalesce(sum(bonus_delta), 0)::float8 as b
          from member_ledger where pool_id = ${pool.pool} and member_id = ${b.member_id} and order_id = ${b.order_id}
            and kind in ('consume', 'consume_refund') group by kind`,
    );
    const taken = r.find((x) => x.kind === 'consume') ?? { p: 0, b: 0 };
    const back = r.find((x) => x.kind === 'consume_refund') ?? { p: 0, b: 0 };
    const leftP = -Number(taken.p) - Number(back.p);
    const leftB = -Number(taken.b) - Number(back.b);
    if (b.amount_fen > leftP + leftB) throw new BadInputError('退款金额超过该订单的会员余额支付');
    const principal = Math.min(leftP, b.amount_fen);
    const a = await applyMemberMove(
      tx,
      { pool, user: actor, requestId: b.request_id, shiftId: b.shift_id },
      b.member_id,
      {
        kind: 'consume_refund',
        principal,
        bonus: b.amount_fen - principal,
        points: 0,
        orderId: b.order_id,
        remark: b.remark ?? '',
      },
    );
    return { ledger: a.ledger };
  });
}
