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
 * A deposit paid from the balance given back (equipment leasing, decision 128): a consume_refund row that
 * restores 本金 first up to what the deposit's consumption (found by its request id in this store) took
 * from 本金, then 奖励; never more than it took. Once per request_id, in the caller's transaction.
 */
export async function refundDepositConsume(
  conn: Conn,
  s: TenantScope,
  actor: Actor,
  b: {
    member_id: number;
    /** The request id the deposit was consumed with. */
    consume_request_id: string;
    amount_fen: number;
    request_id: string;
    shift_id?: number;
    remark?: string;
  },
): Promise<MemberMoveResult> {
  const pool = await memberPool(conn, s);
  return runMemberRequest(conn, pool, b.request_id, async (tx) => {
    const r = await rows<{ p: number; b: number }>(
      tx,
      sql`select -principal_delta::float8 as p, -bonus_delta::float8 as b from member_ledger
          where netbar_id = ${pool.store} and request_id = ${b.consume_request_id} and member_id = ${b.member_id}
            and kind = 'consume'`,
    );
    const taken = r[0];
    if (!taken || b.amount_fen > Number(taken.p) + Number(taken.b))
      throw new BadInputError('退还金额超过押金的会员余额支付');
    const principal = Math.min(Number(taken.p), b.amount_fen);
    const a = await applyMemberMove(
      tx,
      { pool, user: actor, requestId: b.request_id, shiftId: b.shift_id },
      b.member_id,
      {
        kind: 'consume_refund',
        principal,
        bonus: b.amount_fen - principal,
        points: 0,
        remark: b.remark ?? '',
      },
    );
    return { ledger: a.ledger };
  });
}
