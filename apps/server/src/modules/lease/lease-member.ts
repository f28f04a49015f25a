import type { Conn } from '../../db/client.ts';
import { BadInputError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';

/**
 * Gives a member back the part of a deposit their balance paid (decision 128). PENDING: the member
 * module's consumption refund (member ledger kind consume_refund, built with order refunds) is not there
 * yet; until it is, a member-paid deposit cannot be given back and the return is refused, nothing written.
 */
export async function creditMemberDeposit(
  _tx: Conn,
  _s: TenantScope,
  _actor: { id: number; name: string },
  _b: { member_id: number; amount_fen: number; request_id: string; shift_id?: number },
): Promise<void> {
  throw new BadInputError('会员余额押金暂不能退回，请联系店主');
}
