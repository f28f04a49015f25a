import type { OrderResult } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { orderDetail } from './order.repo.ts';

/** What every order call answers: the order as it is now. */
export async function resultOf(
  db: Conn,
  s: TenantScope,
  id: number,
  replay: boolean,
  extra: { change_fen?: number; warnings?: string[] } = {},
): Promise<OrderResult> {
  const order = await orderDetail(db, s, id);
  if (!order) throw new NotFoundError('订单不存在');
  const change = extra.change_fen ?? order.payments.reduce((a, p) => a + p.change_fen, 0);
  return { order, replay, change_fen: change, warnings: extra.warnings ?? [] };
}
