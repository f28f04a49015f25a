import type { DeskGoodsBody } from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { ConflictError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import type { TillActor } from '../shift/index.ts';

/**
 * The seam to the orders module for goods ordered to a table (decision 130): a goods order is an order
 * of the orders module (source 'table', desk_id set), left unpaid and paid with the settlement, or
 * cancelled with the table. `pay` answers the shift the payment was booked in.
 */
export interface GoodsOrders {
  pay(
    tx: Conn,
    s: TenantScope,
    actor: TillActor,
    p: { order_id: number; request_id: string; method: string; amount_fen: number },
  ): Promise<number | null>;
  cancel(tx: Conn, s: TenantScope, actor: TillActor, p: { order_id: number; reason: string }): Promise<void>;
}

const notWired = () => {
  throw new Error('goods orders: the orders module is not wired in');
};
export const noGoodsOrders: GoodsOrders = { pay: notWired, cancel: notWired };

/** The orders module's functions behind the seam (wired once modules/order exports them). */
export const orderGoods: GoodsOrders = noGoodsOrders;

/** Goods ordered to an open table: not available until the orders module is wired in (refused, nothing written). */
export async function tableGoods(
  _db: Conn,
  _s: TenantScope,
  _actor: TillActor,
  _b: DeskGoodsBody,
): Promise<{ order_id: number }> {
  throw new ConflictError('桌台点商品暂未开放');
}
