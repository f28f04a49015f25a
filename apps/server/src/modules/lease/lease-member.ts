import type { Conn } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { refundDepositConsume } from '../member/index.ts';

/**
 * Gives a member back the part of a deposit their balance paid (decision 128): a 消费退款 row restoring
 * 本金 and 奖励 as the deposit's consumption took them, in the caller's transaction.
 */
export async function creditMemberDeposit(
  tx: Conn,
  s: TenantScope,
  actor: { id: number; name: string },
  b: {
    member_id: number;
    amount_fen: number;
    rent_request_id: string;
    request_id: string;
    shift_id?: number;
    lease_no: string;
  },
): Promise<void> {
  await refundDepositConsume(tx, s, actor, {
    member_id: b.member_id,
    consume_request_id: b.rent_request_id,
    amount_fen: b.amount_fen,
    request_id: b.request_id,
    shift_id: b.shift_id,
    remark: `租赁押金退还 ${b.lease_no}`,
  });
}
