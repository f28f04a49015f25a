import {
  fenToYuan,
  ORDER_ACTION_LABELS,
  type OrderCancelBody,
  type OrderCreateBody,
  type OrderResult,
  type OrderSource,
  type OrderStatus,
  type OrderStatusBody,
} from '@netbar/contract';
import type { Conn } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { priceCoupon, releaseCoupon, useCoupon } from '../coupon/index.ts';
import { memberPriceOf } from '../member/index.ts';
import { openShiftOf, shiftForMove } from '../shift/index.ts';
import {
  addEvent,
  insertOrder,
  lockOrder,
  machineInStore,
  orderIdByRequest,
  setStatus,
  type Who,
} from './order.repo.ts';
import { payLocked } from './order-pay.ts';
import { priceLines } from './order-price.ts';
import { resultOf } from './order-result.ts';
import { seatOrderMoved } from './seat-order-events.ts';

/** Ringing up, cancelling and the preparation flow of orders (decisions 123, 124). */

export interface CreateOptions {
  /** The caller may edit a line's price (grant 2641; the owner always). */
  mayEdit: boolean;
}

/**
 * 下单 (the 收银台's ring-up, a seat or table order): prices the lines on the server, writes the order
 * (待支付) with its lines and timeline, and — when payments come with it — pays it in the same
 * transaction. Once per request_id: a retry answers the first order (replay true). Usable inside a
 * caller's transaction (seat orders, table orders, the demo): the work runs in a savepoint of it.
 */
export async function createOrder(
  conn: Conn,
  s: TenantScope,
  who: Who,
  b: OrderCreateBody,
  opts: CreateOptions,
): Promise<OrderResult> {
  try {
    // one transaction (one pool connection) for the whole ring-up, in few statements (decision 139)
    return await conn.transaction(async (tx) => {
      const prior = await orderIdByRequest(tx, s, b.request_id);
      if (prior) return resultOf(tx, s, prior, true);
      const source: OrderSource = b.source ?? 'counter';
      // member price only for a member whose level has 享受会员价 (member_levels.member_price)
      const memberPrice = b.member_id ? await memberPriceOf(tx, s, b.member_id) : false;
      if (memberPrice === null) throw new NotFoundError('会员不存在');
      if (b.machine_id && !(await machineInStore(tx, s, b.machine_id))) throw new NotFoundError('机器不存在');
      const priced = await priceLines(tx, s, b.lines, { member: memberPrice, mayEdit: opts.mayEdit });
      // 优惠券 (decision 186): checked and locked here, its discount spread over the lines in its scope
      const coupon = b.coupon_id
        ? await priceCoupon(tx, s, b.member_id, b.coupon_id, priced.lines)
        : undefined;
      if (coupon) {
        priced.lines.forEach((l, i) => {
          l.total_fen = coupon.totals[i]!;
        });
        priced.total_fen -= coupon.discount_fen;
      }
      // paid at once: the shift the money goes to (opened when none is); else the one open, if any
      const shift = b.payments
        ? await shiftForMove(tx, s.netbarId, who)
        : await openShiftOf(tx, s.netbarId, who.id);
      const qty = priced.lines.reduce((a, l) => a + l.qty, 0);
      const o = await insertOrder(
        tx,
        s,
        who,
        {
          source,
          shift_id: shift?.id ?? null,
          member_id: b.member_id ?? null,
          machine_id: b.machine_id ?? null,
          desk_id: b.desk_id ?? null,
          list_fen: priced.list_fen,
          total_fen: priced.total_fen,
          remark: b.remark ?? '',
          request_id: b.request_id,
          ...(coupon
            ? { coupon: { id: coupon.coupon.id, name: coupon.coupon.name, fen: coupon.discount_fen } }
            : {}),
        },
        priced.lines,
        `${qty}件商品，应收¥${fenToYuan(priced.total_fen)}${
          coupon ? `（优惠券「${coupon.coupon.name}」减¥${fenToYuan(coupon.discount_fen)}）` : ''
        }`,
      );
      if (coupon) await useCoupon(tx, s.netbarId, coupon, o.id);
      if (!b.payments) return resultOf(tx, s, o.id, false, { change_fen: 0, warnings: [] });
      const paid = await payLocked(tx, s, who, o, b.request_id, b.payments, {
        shift: shift ?? undefined,
        lines: priced.lines,
      });
      return resultOf(tx, s, o.id, false, paid);
    });
  } catch (e) {
    if (isUniqueViolation(e)) {
      const again = await orderIdByRequest(conn, s, b.request_id);
      if (again) return resultOf(conn, s, again, true);
    }
    throw e;
  }
}

/** 取消 an unpaid order: nothing was taken, nothing to give back. */
export async function cancelOrder(
  conn: Conn,
  s: TenantScope,
  who: Who,
  b: OrderCancelBody,
): Promise<OrderResult> {
  await conn.transaction(async (tx) => {
    const o = await lockOrder(tx, s, b.order_id);
    if (!o) throw new NotFoundError('订单不存在');
    if (o.status === 'cancelled') throw new ConflictError('订单已取消');
    if (o.status !== 'unpaid') throw new ConflictError('订单已支付，不能取消');
    await setStatus(tx, s, o.id, 'cancelled');
    await addEvent(tx, s, o.id, who, 'cancel', b.reason ? `取消原因：${b.reason}` : '取消订单');
    const back = await releaseCoupon(tx, s.netbarId, o.id);
    if (back) await addEvent(tx, s, o.id, who, 'cancel', back);
  });
  await seatOrderMoved(conn, s, b.order_id, who);
  return resultOf(conn, s, b.order_id, false);
}

/**
 * The preparation flow of seat and table orders (decision 124): 接单 (accept) is acknowledged on a paid
 * order without changing its status (the machine is told); 开始制作 paid → preparing; 已送达 paid or
 * preparing → delivered; 完成 paid, preparing or delivered → done. Every move is a timeline row.
 */
const MOVES: Record<OrderStatusBody['action'], { from: OrderStatus[]; to: OrderStatus | null }> = {
  accept: { from: ['paid'], to: null },
  prepare: { from: ['paid'], to: 'preparing' },
  deliver: { from: ['paid', 'preparing'], to: 'delivered' },
  finish: { from: ['paid', 'preparing', 'delivered'], to: 'done' },
};

export async function changeStatus(
  conn: Conn,
  s: TenantScope,
  who: Who,
  b: OrderStatusBody,
): Promise<OrderResult> {
  await conn.transaction(async (tx) => {
    const o = await lockOrder(tx, s, b.order_id);
    if (!o) throw new NotFoundError('订单不存在');
    const m = MOVES[b.action];
    if (o.status === 'unpaid') throw new ConflictError('订单未支付');
    if (!m.from.includes(o.status))
      throw new ConflictError(`订单当前状态不能${ORDER_ACTION_LABELS[b.action]}`);
    if (m.to) await setStatus(tx, s, o.id, m.to);
    await addEvent(tx, s, o.id, who, b.action, ORDER_ACTION_LABELS[b.action]);
  });
  await seatOrderMoved(conn, s, b.order_id, who);
  return resultOf(conn, s, b.order_id, false);
}

export async function getOrder(db: Conn, s: TenantScope, id: number): Promise<OrderResult> {
  if (!Number.isSafeInteger(id) || id < 1) throw new BadInputError('请选择订单');
  return resultOf(db, s, id, false);
}
