import type { DeskGoodsBody } from '@netbar/contract';
import type { Conn, Db } from '../../db/client.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { cancelOrder, changeStatus, createOrder, payOrder } from '../order/index.ts';
import type { TillActor } from '../shift/index.ts';
import { replay } from './desk.service.ts';
import { findSession, linkedOrderByRequest, linkOrder } from './desk-session.repo.ts';

/**
 * The seam to the orders module for goods ordered to a table (decision 130): a goods order is an order
 * of the orders module (source 'table', desk_id set, the table's member attached), left unpaid and
 * paid with the settlement (then 已完成: the goods were served at the table), or cancelled with the
 * table. A table paid by scan is settled by its payment's settlement (decision 182, modules/counter-pay).
 */
export interface GoodsOrders {
  pay(
    tx: Conn,
    s: TenantScope,
    actor: TillActor,
    p: {
      order_id: number;
      request_id: string;
      method: 'cash' | 'member' | 'scan';
      amount_fen: number;
      /** The order's share of the settlement's 抹零 (decision 143); amount_fen = its total − round_fen. */
      round_fen: number;
      /** A scan settlement's payment number (decision 182): the money is already taken. */
      scanRef?: string;
    },
  ): Promise<void>;
  cancel(tx: Conn, s: TenantScope, actor: TillActor, p: { order_id: number; reason: string }): Promise<void>;
}

export const orderGoods: GoodsOrders = {
  async pay(tx, s, actor, p) {
    await payOrder(
      tx,
      s,
      actor,
      {
        order_id: p.order_id,
        request_id: p.request_id,
        // a goods order the 抹零 took whole is paid with nothing
        payments: p.amount_fen > 0 ? [{ method: p.method, amount_fen: p.amount_fen }] : [],
      },
      { round_fen: p.round_fen, scanRef: p.scanRef },
    );
    await changeStatus(tx, s, actor, { order_id: p.order_id, action: 'finish' });
  },
  async cancel(tx, s, actor, p) {
    await cancelOrder(tx, s, actor, { order_id: p.order_id, reason: p.reason });
  },
};

/** Goods ordered to an open table: an unpaid order (source 'table') linked to the session, once per request_id. */
export async function tableGoods(db: Db, s: TenantScope, actor: TillActor, b: DeskGoodsBody) {
  const again = async () => {
    const o = await linkedOrderByRequest(db, s, b.request_id);
    return o ? replay(o) : undefined;
  };
  const prior = await again();
  if (prior) throw prior;
  try {
    return await db.transaction(async (tx) => {
      const x = await findSession(tx, s, b.session_id, true);
      if (!x) throw new NotFoundError('桌台订单不存在');
      if (x.status !== 'open')
        throw new ConflictError(`该桌台订单${x.status === 'settled' ? '已结账' : '已取消'}，不能再点商品`);
      const res = await createOrder(
        tx,
        s,
        actor,
        {
          request_id: b.request_id,
          source: 'table',
          lines: b.lines,
          member_id: x.member_id ?? undefined,
          desk_id: x.desk_id,
          remark: b.remark,
        },
        { mayEdit: false },
      );
      await linkOrder(tx, s, x.id, res.order.id);
      return { order_id: res.order.id, order_no: res.order.order_no, total_fen: res.order.total_fen };
    });
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    throw (await again()) ?? e;
  }
}
