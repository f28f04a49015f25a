import {
  cashPlan,
  fenToYuan,
  ORDER_PAY_METHOD_LABELS,
  type OrderPayBody,
  type OrderPaymentInput,
  type OrderResult,
  type OrderStatus,
} from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { consumeMember } from '../member/index.ts';
import { type OpenShift, shiftForMove, tillMove } from '../shift/index.ts';
import { stockSale } from '../stock/index.ts';
import { addEvents, type LockedOrder, linesOf, lockOrder, setStatus, type Who } from './order.repo.ts';
import { type StockLine, stockLinesOf } from './order-group.repo.ts';
import { resultOf } from './order-result.ts';
import { scanPay } from './scan-pay.ts';

/**
 * Paying an order (decision 124): the payments must add up to the amount due exactly (split payments
 * allowed, one row per method); cash records what was tendered and the change, the till books the amount
 * due; a member payment goes through consumeMember (the store's 先扣奖励/先扣本金 rule) and a scan payment
 * through the adapter seam. Every payment is a till row (kind sale) of the cashier's open shift, and the
 * goods leave the counter through stockSale — all in the caller's transaction, so any refusal (balance,
 * stock, ...) leaves nothing written. A counter order is handed over at once (done); seat, table and
 * mini-program orders wait at 已支付 for preparing and delivery.
 * 抹分 (decision 143): the cash part is rounded down to the 角 (cashPlan); the 分 left become the order's
 * 抹零 (round_fen, off total_fen), so payments = total − refunds holds and the till takes whole 角 only.
 */

/** A settlement's own split: the payments cover the total less the 抹零 it gave this order, exactly. */
function settledBy(o: LockedOrder, payments: OrderPaymentInput[], round: number) {
  const sum = payments.reduce((a, p) => a + p.amount_fen, 0);
  const due = o.total_fen - round;
  if (round < 0 || round > 9 || sum !== due)
    return `支付金额合计¥${fenToYuan(sum)}须等于应收金额¥${fenToYuan(due)}`;
  return { payments, round_fen: round };
}

/** After the order row is locked: pays it in the caller's transaction. Returns the change given. */
export async function payLocked(
  tx: Conn,
  s: TenantScope,
  who: Who,
  o: LockedOrder,
  requestId: string,
  payments: OrderPaymentInput[],
  known: {
    shift?: OpenShift;
    lines?: StockLine[];
    /** A settlement that rounded its whole bill (a table) names this order's share of the 抹零 itself. */
    round_fen?: number;
    /** The scan payment already settled by the acquirer (decision 169): its number, no charge here. */
    scanRef?: string;
  } = {},
): Promise<{ change_fen: number; warnings: string[] }> {
  if (o.status === 'cancelled') throw new ConflictError('订单已取消，不能支付');
  if (o.status !== 'unpaid') throw new ConflictError('订单已支付');
  const plan =
    known.round_fen === undefined ? cashPlan(o.total_fen, payments) : settledBy(o, payments, known.round_fen);
  if (typeof plan === 'string') throw new BadInputError(plan);
  const round = plan.round_fen;
  const due = o.total_fen - round;
  const pays = plan.payments;
  const nid = s.netbarId;
  // the caller that just wrote the order passes the shift it took and the lines it wrote (decision 139)
  const shift = known.shift ?? (await shiftForMove(tx, nid, who));
  let change = 0;
  const parts: string[] = [];
  for (const [i, p] of pays.entries()) {
    const seq = i + 1;
    const tendered = p.method === 'cash' ? (p.tendered_fen ?? p.amount_fen) : p.amount_fen;
    let ledgerId: number | null = null;
    let ref = '';
    if (p.method === 'member') {
      if (!o.member_id) throw new BadInputError('会员余额支付须先选择会员');
      const m = await consumeMember(tx, s, who, {
        member_id: o.member_id,
        amount_fen: p.amount_fen,
        request_id: `ord${o.id}-pay`,
        order_id: o.id,
        shift_id: shift.id,
      });
      ledgerId = m.ledger.id;
    } else if (p.method === 'scan' && known.scanRef) {
      ref = known.scanRef;
    } else if (p.method === 'scan') {
      ref = (
        await scanPay().charge({
          netbar_id: nid,
          order_no: o.order_no,
          amount_fen: p.amount_fen,
          request_id: requestId,
        })
      ).ref;
    }
    await tillMove(
      tx,
      nid,
      who,
      {
        kind: 'sale',
        method: p.method,
        amount_fen: p.amount_fen,
        order_id: o.id,
        ref_type: 'order',
        ref_no: o.order_no,
        request_id: `ord${o.id}-pay`,
        seq,
      },
      shift,
    );
    await rows(
      tx,
      sql`insert into order_payments (order_id, netbar_id, method, amount_fen, tendered_fen, change_fen, shift_id, member_ledger_id, pay_ref, request_id, seq)
          values (${o.id}, ${nid}, ${p.method}, ${p.amount_fen}, ${tendered}, ${tendered - p.amount_fen}, ${shift.id}, ${ledgerId}, ${ref}, ${requestId}, ${seq})`,
    );
    change += tendered - p.amount_fen;
    parts.push(
      `${ORDER_PAY_METHOD_LABELS[p.method]}¥${fenToYuan(p.amount_fen)}${tendered > p.amount_fen ? `（实收¥${fenToYuan(tendered)}，找零¥${fenToYuan(tendered - p.amount_fen)}）` : ''}`,
    );
  }
  const lines = known.lines ?? (await linesOf(tx, o.id));
  const sale = await stockSale(tx, s, who, {
    request_id: `ord${o.id}`,
    // a goods-group line takes each of its items (decision 142)
    lines: stockLinesOf(lines),
  });
  const status: OrderStatus = o.source === 'counter' ? 'done' : 'paid';
  await setStatus(tx, s, o.id, status, {
    paid: { paid_fen: due, shift_id: shift.id, stock_sale_id: sale.sale_id, round_fen: round },
  });
  const rounded = round ? `，抹零¥${fenToYuan(round)}` : '';
  await addEvents(tx, s, o.id, who, [
    { kind: 'pay', text: `${parts.length ? parts.join('；') : '应收¥0.00'}${rounded}` },
    ...(status === 'done' ? [{ kind: 'finish' as const, text: '收银台当面交付' }] : []),
  ]);
  return { change_fen: change, warnings: sale.warnings };
}

/** The order paid by a request retried with the same request_id (undefined: not paid by it). */
async function paidBy(db: Conn, s: TenantScope, requestId: string): Promise<number | undefined> {
  const r = await rows<{ order_id: number }>(
    db,
    sql`select order_id::int from order_payments where netbar_id = ${s.netbarId} and request_id = ${requestId} limit 1`,
  );
  return r[0]?.order_id;
}

/** 支付 an unpaid order, once per request_id (a retry answers the order as it is, replay true). */
export async function payOrder(
  conn: Conn,
  s: TenantScope,
  who: Who,
  b: OrderPayBody,
  /** A table's settlement: this order's share of the bill's 抹零 (else the cash part is rounded here),
   *  and a scan settlement's payment number (decision 182: no instant charge). */
  opts: { round_fen?: number; scanRef?: string } = {},
): Promise<OrderResult> {
  const prior = await paidBy(conn, s, b.request_id);
  if (prior) return resultOf(conn, s, prior, true);
  try {
    const res = await conn.transaction(async (tx) => {
      const o = await lockOrder(tx, s, b.order_id);
      if (!o) throw new NotFoundError('订单不存在');
      return payLocked(tx, s, who, o, b.request_id, b.payments, opts);
    });
    return resultOf(conn, s, b.order_id, false, res);
  } catch (e) {
    if (isUniqueViolation(e)) {
      const again = await paidBy(conn, s, b.request_id);
      if (again) return resultOf(conn, s, again, true);
    }
    throw e;
  }
}
