import {
  cashRoundFen,
  fenToYuan,
  ORDER_PAY_METHOD_LABELS,
  type OrderPayMethod,
  type OrderRefundBody,
  type OrderResult,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { releaseCoupon } from '../coupon/index.ts';
import { refundConsume } from '../member/index.ts';
import { shiftForMove, tillMove } from '../shift/index.ts';
import { stockSaleRefund } from '../stock/index.ts';
import { addEvent, linesOf, lockOrder, paymentsOf, setStatus, type Who } from './order.repo.ts';
import { stockLinesOf } from './order-group.repo.ts';
import { resultOf } from './order-result.ts';
import { isPaymentNo, scanPay, scanRefunder } from './scan-pay.ts';

/**
 * 退款 of a whole order or some of its lines (decision 125), once per request_id, in one transaction:
 * - a line's refund is its share of the line total: cumulative refunds of a line are
 *   round(total × refunded qty / qty), so the last unit returns exactly what is left and the sum never
 *   exceeds what the line cost (nor the order what was paid — checked again by the database);
 * - the money goes back through the methods it came in by, 会员余额 first, then 扫码, cash last (each up to
 *   what is still unrefunded on it): balances are restored before the drawer is opened;
 * - 抹分 (decision 143): a partial refund gives back at most what is left of the money, its cash part rounded
 *   down to the 角 (the drawer has no 分); the refund that brings every unit back returns all the money left,
 *   so a rounded order refunds what was paid, never more. The difference to the lines' shares is the
 *   refund's round_fen;
 * - 会员余额 back through refundConsume (本金/奖励 as taken), each method one till row (kind refund,
 *   negative) of the refunding cashier's open shift, goods back to the counter through stockSaleRefund.
 */
const REFUND_ORDER: OrderPayMethod[] = ['member', 'scan', 'cash'];
const REFUNDABLE = ['paid', 'preparing', 'delivered', 'done', 'part_refunded'];

async function refundedBy(db: Conn, s: TenantScope, requestId: string) {
  const r = await rows<{ order_id: number }>(
    db,
    sql`select order_id::int from order_refunds where netbar_id = ${s.netbarId} and request_id = ${requestId}`,
  );
  return r[0]?.order_id;
}

export async function refundOrder(
  conn: Conn,
  s: TenantScope,
  who: Who,
  b: OrderRefundBody,
): Promise<OrderResult> {
  const prior = await refundedBy(conn, s, b.request_id);
  if (prior) return resultOf(conn, s, prior, true);
  let back: AcquirerRefund[] = [];
  try {
    back = await conn.transaction((tx) => refundIn(tx, s, who, b));
  } catch (e) {
    if (isUniqueViolation(e)) {
      const again = await refundedBy(conn, s, b.request_id);
      if (again) return resultOf(conn, s, again, true);
    }
    throw e;
  }
  // a scan payment settled by the acquirer goes back through it, once the order's refund is committed
  // (the payment service has its own transactions; it refuses more than was paid, by request id once)
  for (const r of back) {
    const give = scanRefunder();
    if (!give) throw new ConflictError('退款已记录，扫码原路退回暂不可用，请联系支付公司退款');
    await give(r).catch(() => {
      throw new ConflictError('退款已记录，扫码原路退回失败，请稍后在收款记录中重试');
    });
  }
  return resultOf(conn, s, b.order_id, false);
}

interface AcquirerRefund {
  netbar_id: number;
  payment_no: string;
  amount_fen: number;
  request_id: string;
  reason: string;
}

async function refundIn(tx: Conn, s: TenantScope, who: Who, b: OrderRefundBody): Promise<AcquirerRefund[]> {
  const back: AcquirerRefund[] = [];
  const nid = s.netbarId;
  const o = await lockOrder(tx, s, b.order_id);
  if (!o) throw new NotFoundError('订单不存在');
  if (o.status === 'refunded') throw new ConflictError('订单已全额退款');
  if (!REFUNDABLE.includes(o.status)) throw new ConflictError('订单未支付，不能退款');
  const lines = await linesOf(tx, o.id);
  const asked =
    b.lines ??
    lines.filter((l) => l.qty > l.refunded_qty).map((l) => ({ line_id: l.id, qty: l.qty - l.refunded_qty }));
  const picked = asked.map((a) => {
    const l = lines.find((x) => x.id === a.line_id);
    if (!l) throw new NotFoundError('订单商品不存在');
    const leftQty = l.qty - l.refunded_qty;
    if (a.qty > leftQty)
      throw new BadInputError(leftQty ? `${l.name}最多可退${leftQty}件` : `${l.name}已全部退款`);
    const upTo = Math.round((l.total_fen * (l.refunded_qty + a.qty)) / l.qty);
    return { line: l, qty: a.qty, amount: upTo - l.refunded_fen };
  });
  if (!picked.length) throw new ConflictError('订单已全额退款');
  const shares = picked.reduce((a, p) => a + p.amount, 0);
  const allBack = lines.every(
    (l) => l.qty - l.refunded_qty === (picked.find((p) => p.line.id === l.id)?.qty ?? 0),
  );
  const unrefunded = o.paid_fen - o.refunded_fen;
  const asking = allBack ? unrefunded : Math.min(shares, unrefunded);
  const shift = await shiftForMove(tx, nid, who);
  const no = (
    await rows<{ no: string }>(
      tx,
      sql`select 'TK' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MISS') || lpad((nextval('order_refunds_id_seq') % 1000000)::text, 6, '0') as no`,
    )
  )[0]!.no;
  // money back, method by method
  const refs = await rows<{ id: number; pay_ref: string }>(
    tx,
    sql`select id::int, pay_ref from order_payments where order_id = ${o.id}`,
  );
  const pays = (await paymentsOf(tx, o.id)).map((p) => ({
    ...p,
    pay_ref: refs.find((r) => r.id === p.id)?.pay_ref ?? '',
  }));
  let left = asking;
  const methods: { method: OrderPayMethod; amount_fen: number }[] = [];
  for (const m of REFUND_ORDER)
    for (const p of pays.filter((x) => x.method === m)) {
      const most = Math.min(left, p.amount_fen - p.refunded_fen);
      const take = m === 'cash' && !allBack ? most - cashRoundFen(most) : most;
      if (take <= 0) continue;
      left -= take;
      const seq = methods.length + 1;
      if (m === 'member')
        await refundConsume(tx, s, who, {
          member_id: o.member_id!,
          order_id: o.id,
          amount_fen: take,
          request_id: `ord${o.id}-rf-${b.request_id}`,
          shift_id: shift.id,
          remark: b.reason,
        });
      else if (m === 'scan' && isPaymentNo(p.pay_ref))
        back.push({
          netbar_id: nid,
          payment_no: p.pay_ref,
          amount_fen: take,
          request_id: `ord${o.id}-rf-${b.request_id}`.slice(0, 64),
          reason: b.reason.slice(0, 50),
        });
      else if (m === 'scan')
        await scanPay().refund({
          netbar_id: nid,
          order_no: o.order_no,
          amount_fen: take,
          request_id: b.request_id,
          ref: no,
        });
      await tillMove(tx, nid, who, {
        kind: 'refund',
        method: m,
        amount_fen: -take,
        order_id: o.id,
        ref_type: 'order_refund',
        ref_no: no,
        remark: b.reason,
        request_id: `ord${o.id}-rf-${b.request_id}`,
        seq,
      });
      await rows(tx, sql`update order_payments set refunded_fen = refunded_fen + ${take} where id = ${p.id}`);
      methods.push({ method: m, amount_fen: take });
    }
  // what stays unrefunded is the cash part's 分 (cash goes last): the refund's 抹零
  const amount = asking - left;
  const round = shares - amount;
  let stockRefundId: number | null = null;
  if (o.stock_sale_id) {
    const r = await stockSaleRefund(tx, s, who, {
      sale_id: o.stock_sale_id,
      request_id: `ord${o.id}-rf-${b.request_id}`,
      refund_no: no,
      // a goods-group line gives back the items it took, as sold (decision 142)
      lines: stockLinesOf(picked.map((p) => ({ ...p.line, qty: p.qty }))),
    });
    stockRefundId = r.refund_id;
  }
  const ref = await rows<{ id: number }>(
    tx,
    sql`insert into order_refunds (order_id, netbar_id, refund_no, amount_fen, reason, methods, shift_id, stock_refund_id, user_id, user_name, request_id, round_fen)
        values (${o.id}, ${nid}, ${no}, ${amount}, ${b.reason}, ${JSON.stringify(methods)}::jsonb, ${shift.id}, ${stockRefundId}, ${who.id}, ${who.name}, ${b.request_id}, ${round})
        returning id::int`,
  );
  for (const p of picked) {
    await rows(
      tx,
      sql`insert into order_refund_lines (refund_id, line_id, qty, amount_fen) values (${ref[0]!.id}, ${p.line.id}, ${p.qty}, ${p.amount})`,
    );
    await rows(
      tx,
      sql`update order_lines set refunded_qty = refunded_qty + ${p.qty}, refunded_fen = refunded_fen + ${p.amount} where id = ${p.line.id}`,
    );
  }
  await setStatus(tx, s, o.id, allBack ? 'refunded' : 'part_refunded', {
    refunded_fen: o.refunded_fen + amount,
  });
  const how = methods
    .map((m) => `${ORDER_PAY_METHOD_LABELS[m.method]}¥${fenToYuan(m.amount_fen)}`)
    .join('、');
  await addEvent(
    tx,
    s,
    o.id,
    who,
    'refund',
    `退款¥${fenToYuan(amount)}${how ? `（${how}）` : ''}${roundText(round)}，原因：${b.reason}`,
  );
  // a whole refund gives the order's coupon back while it is within its days (decision 186)
  const coupon = allBack ? await releaseCoupon(tx, nid, o.id) : '';
  if (coupon) await addEvent(tx, s, o.id, who, 'refund', coupon);
  return back;
}

/** The refund's 抹零 on the timeline: 分 kept by a partial cash refund, or given back by the last one. */
const roundText = (round: number) =>
  round > 0 ? `，抹零¥${fenToYuan(round)}` : round < 0 ? `，含此前抹零¥${fenToYuan(-round)}` : '';
