import {
  billedMinutes,
  cashRoundFen,
  type DeskBillAnswer,
  type DeskOpenBody,
  type DeskSettleBody,
  type DeskSettleDone,
  deskBill,
  fenToYuan,
} from '@netbar/contract';
import type { Conn, Db } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { consumeMember, memberOne } from '../member/index.ts';
import { shiftForMove, type TillActor, tillMove } from '../shift/index.ts';
import { lockDesk } from './desk.repo.ts';
import { DESK_MISSING, replay } from './desk.service.ts';
import { coveringBooking, endBooking, findBooking, releaseNoShows } from './desk-booking.repo.ts';
import {
  findSession,
  insertSession,
  markCancelled,
  markSettled,
  openSessionOf,
  type SessionRecord,
  sessionByRequest,
  sessionBySettleRequest,
  sessionOrders,
} from './desk-session.repo.ts';
import { type GoodsOrders, orderGoods } from './goods-orders.ts';

/**
 * Desk sessions (decision 130): a table is opened from a booking or for a walk-in, goods are ordered to
 * it (orders of the orders module, source 'table', unpaid), and the bill is settled at the end in one
 * transaction: the desk fee (time fee + 低消补足) through tillMove kind 'desk', the goods through the
 * orders' own payment. The same request_id twice opens or settles once.
 */

export const SESSION_MISSING = '桌台订单不存在';
const NOT_OPEN = { settled: '该桌台订单已结账', cancelled: '该桌台订单已取消', open: '' } as const;

export async function openDesk(db: Db, s: TenantScope, actor: TillActor, b: DeskOpenBody) {
  await releaseNoShows(db, s.netbarId);
  const prior = await sessionByRequest(db, s, b.request_id);
  if (prior) throw replay(await billOf(db, s, prior));
  try {
    const id = await db.transaction(async (tx) => {
      const d = await lockDesk(tx, s, b.desk_id);
      if (!d) throw new NotFoundError(DESK_MISSING);
      if (!d.enabled) throw new ConflictError('该包间/桌台已停用');
      if (await openSessionOf(tx, s, d.id)) throw new ConflictError('该包间/桌台正在使用中');
      let booking: Awaited<ReturnType<typeof findBooking>>;
      if (b.booking_id) {
        booking = await findBooking(tx, s, b.booking_id);
        if (!booking) throw new NotFoundError('预订不存在');
        if (booking.desk_id !== d.id)
          throw new BadInputError(`该预订是「${booking.desk_name}」的，不是「${d.name}」`);
        if (!(await endBooking(tx, s, booking.id, 'seated')))
          throw new ConflictError('该预订已结束（已到店、已取消或未到店），不能再开台');
      }
      const other = await coveringBooking(tx, s, d.id, b.booking_id);
      if (other)
        throw new ConflictError(
          `该包间/桌台当前时段已被预订（${other.customer}），请从预订开台或选择其他包间/桌台`,
        );
      const member = b.member_id ? await memberOne(tx, s, b.member_id) : undefined;
      const memberId = member?.id ?? booking?.member_id ?? null;
      return insertSession(tx, s, {
        deskId: d.id,
        bookingId: booking?.id ?? null,
        memberId,
        memberName: member?.name ?? (memberId ? (booking?.member_name ?? '') : ''),
        customerName: b.customer_name ?? member?.name ?? booking?.customer_name ?? '',
        mobile: b.mobile ?? member?.mobile ?? booking?.mobile ?? '',
        guests: b.guests ?? 1,
        hourlyFen: d.hourly_fen,
        minSpendFen: d.min_spend_fen,
        actor,
        remark: b.remark ?? '',
        requestId: b.request_id,
      });
    });
    return billOf(db, s, id);
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const again = await sessionByRequest(db, s, b.request_id);
    if (again) throw replay(await billOf(db, s, again));
    throw new ConflictError('该包间/桌台正在使用中');
  }
}

/**
 * The bill of a session read on `conn`: while open, as of now (the database clock: inside the settling
 * transaction that is the instant closed_at gets); once closed, the figures it was settled with.
 */
async function billFor(
  conn: Conn,
  s: TenantScope,
  x: SessionRecord,
  /** A scan settlement's minutes, frozen when its QR was shown (decision 182). */
  frozenMinutes?: number,
): Promise<DeskBillAnswer> {
  const head = {
    session_id: x.id,
    session_no: x.session_no,
    desk_name: x.desk_name,
    opened_at: x.opened_at,
    status: x.status,
  };
  if (x.status !== 'open') {
    const desk_fee_fen = x.time_fee_fen + x.min_topup_fen;
    return {
      ...head,
      minutes: x.minutes,
      hourly_fen: x.hourly_fen,
      time_fee_fen: x.time_fee_fen,
      goods_fen: x.goods_fen,
      min_spend_fen: x.min_spend_fen,
      min_topup_fen: x.min_topup_fen,
      desk_fee_fen,
      total_fen: x.total_fen,
      goods_due_fen: 0,
      due_fen: 0,
      round_fen: x.round_fen,
    };
  }
  const orders = (await sessionOrders(conn, s, x.id)).filter((o) => o.status !== 'cancelled');
  const goods = orders.reduce((a, o) => a + o.total_fen - o.refunded_fen, 0);
  const goodsDue = orders.filter((o) => o.status === 'unpaid').reduce((a, o) => a + o.total_fen, 0);
  const bill = deskBill({
    minutes: frozenMinutes ?? billedMinutes(0, x.elapsed_s * 1000),
    hourly_fen: x.hourly_fen,
    min_spend_fen: x.min_spend_fen,
    goods_fen: goods,
  });
  return { ...bill, ...head, goods_due_fen: goodsDue, due_fen: bill.desk_fee_fen + goodsDue, round_fen: 0 };
}

export async function billOf(db: Conn, s: TenantScope, sessionId: number): Promise<DeskBillAnswer> {
  const x = await findSession(db, s, sessionId);
  if (!x) throw new NotFoundError(SESSION_MISSING);
  return billFor(db, s, x);
}

export const DESK_SCAN_REFUSED = '扫码结账请点「扫码收款」：顾客付款成功后自动结账';

/** What a scan settlement froze when its QR was shown, and the payment that pays it (decision 182). */
export interface ScanSettle {
  minutes: number;
  amount_fen: number;
  payment_no: string;
}

/**
 * Settles an open session in the caller's transaction: the session locked, the bill worked out (with a scan
 * settlement's frozen minutes, and refused when it no longer matches what the customer paid), the desk fee
 * through tillMove, the unpaid goods orders through their own payment, the session marked settled.
 */
async function settleOpen(
  tx: Conn,
  s: TenantScope,
  actor: TillActor,
  b: DeskSettleBody,
  goods: GoodsOrders,
  scan?: ScanSettle,
): Promise<DeskSettleDone> {
  const x = await findSession(tx, s, b.session_id, true);
  if (!x) throw new NotFoundError(SESSION_MISSING);
  if (x.status !== 'open') throw new ConflictError(NOT_OPEN[x.status]);
  const bill = await billFor(tx, s, x, scan?.minutes);
  if (scan && bill.due_fen !== scan.amount_fen) throw new ConflictError('桌台账单金额已变化');

  // 抹分 (decision 143): cash settles the whole bill in 角, the 分 come off the desk fee first
  const round = b.method === 'cash' ? cashRoundFen(bill.due_fen) : 0;
  const due = bill.due_fen - round;
  if (b.method === 'cash' && b.tendered_fen !== undefined && b.tendered_fen % 10 !== 0)
    throw new BadInputError('现金实收须为整角（收银台不收分币）');
  if (b.method === 'cash' && b.tendered_fen !== undefined && b.tendered_fen < due)
    throw new BadInputError(`实收金额不足，应收 ¥${fenToYuan(due)}`);
  if (b.method === 'member' && !x.member_id) throw new BadInputError('该桌台未关联会员，不能用会员余额结账');
  const shiftId = due > 0 ? (await shiftForMove(tx, s.netbarId, actor)).id : null;
  const deskRound = Math.min(round, bill.desk_fee_fen);
  let goodsRound = round - deskRound;
  const deskFee = bill.desk_fee_fen - deskRound;
  if (deskFee > 0) {
    if (b.method === 'member')
      await consumeMember(tx, s, actor, {
        member_id: x.member_id!,
        amount_fen: deskFee,
        request_id: b.request_id,
        shift_id: shiftId!,
      });
    await tillMove(tx, s.netbarId, actor, {
      kind: 'desk',
      method: b.method,
      amount_fen: deskFee,
      ref_type: 'desk',
      ref_no: x.session_no,
      remark: `${x.desk_name} ${bill.minutes}分钟`,
      request_id: b.request_id,
    });
  }
  for (const o of (await sessionOrders(tx, s, x.id)).filter((o) => o.status === 'unpaid')) {
    // what the desk fee could not absorb of the 抹零 comes off the goods orders, in turn
    const r = Math.min(goodsRound, o.total_fen);
    goodsRound -= r;
    await goods.pay(tx, s, actor, {
      order_id: o.id,
      request_id: `${b.request_id}-g${o.id}`,
      method: b.method,
      amount_fen: o.total_fen - r,
      round_fen: r,
      scanRef: scan?.payment_no,
    });
  }
  const ok = await markSettled(tx, s, x.id, {
    minutes: bill.minutes,
    time_fee_fen: bill.time_fee_fen,
    min_topup_fen: bill.min_topup_fen,
    goods_fen: bill.goods_fen,
    total_fen: bill.total_fen,
    round_fen: round,
    pay_method: b.method,
    shift_id: shiftId,
    request_id: b.request_id,
    actor,
    remark: b.remark,
  });
  if (!ok) throw new ConflictError('该桌台订单已结账');
  const tendered = b.method === 'cash' ? (b.tendered_fen ?? due) : due;
  return {
    ...bill,
    status: 'settled',
    round_fen: round,
    pay_method: b.method,
    tendered_fen: tendered,
    change_fen: tendered - due,
  };
}

/** Settles an open session: everything it owes is paid with one method, in one transaction. */
export async function settleDesk(
  db: Db,
  s: TenantScope,
  actor: TillActor,
  b: DeskSettleBody,
  goods: GoodsOrders = orderGoods,
): Promise<DeskSettleDone> {
  /** A replay answers the settled bill (nothing is due any more). */
  const settled = async (id: number) => ({
    ...(await billOf(db, s, id)),
    pay_method: b.method,
    tendered_fen: 0,
    change_fen: 0,
  });
  const prior = await sessionBySettleRequest(db, s, b.request_id);
  if (prior) throw replay(await settled(prior));
  // 扫码 is asynchronous (decision 182): the bill waits 未结账 until the payment settles (counter-pay)
  if (b.method === 'scan') throw new BadInputError(DESK_SCAN_REFUSED);
  try {
    return await db.transaction((tx) => settleOpen(tx, s, actor, b, goods));
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    const again = await sessionBySettleRequest(db, s, b.request_id);
    if (again) throw replay(await settled(again));
    throw e;
  }
}

/** Cancels a table opened by mistake: only while no goods order of it is paid; unpaid ones are cancelled. */
export async function cancelDesk(
  db: Db,
  s: TenantScope,
  actor: TillActor,
  b: { session_id: number; reason: string },
  goods: GoodsOrders = orderGoods,
) {
  await db.transaction(async (tx) => {
    const x = await findSession(tx, s, b.session_id, true);
    if (!x) throw new NotFoundError(SESSION_MISSING);
    if (x.status !== 'open') throw new ConflictError(NOT_OPEN[x.status]);
    const orders = (await sessionOrders(tx, s, x.id)).filter((o) => o.status !== 'cancelled');
    if (orders.some((o) => o.status !== 'unpaid'))
      throw new ConflictError('该桌台已有已支付的商品订单，不能取消，请结账');
    for (const o of orders)
      await goods.cancel(tx, s, actor, { order_id: o.id, reason: `桌台取消：${b.reason}` });
    await markCancelled(tx, s, x.id, { reason: b.reason, actor });
  });
  return billOf(db, s, b.session_id);
}

/**
 * The bill a scan QR is shown for (decision 182): the open session's amount due now, with its minutes,
 * which the settlement keeps (the time spent waiting for the customer's payment is not charged).
 */
export async function deskDueForScan(db: Conn, s: TenantScope, sessionId: number) {
  const x = await findSession(db, s, sessionId);
  if (!x) throw new NotFoundError(SESSION_MISSING);
  if (x.status !== 'open') throw new ConflictError(NOT_OPEN[x.status]);
  const bill = await billFor(db, s, x);
  if (bill.due_fen <= 0) throw new BadInputError('应收金额为0，无需扫码支付');
  return { session_no: x.session_no, desk_name: x.desk_name, minutes: bill.minutes, due_fen: bill.due_fen };
}

/**
 * A table's bill paid by a settled scan payment, in the payment's settling transaction (decision 182):
 * settled as the cashier who showed the QR, with the minutes frozen then, 扫码 to the fen, the goods orders
 * paid with the payment's number (no instant charge). A session no longer open (settled otherwise,
 * cancelled) or whose bill changed meanwhile answers the reason: the payment is then refunded.
 */
export async function settleDeskByScan(
  tx: Conn,
  s: TenantScope,
  actor: TillActor,
  sessionId: number,
  scan: ScanSettle,
): Promise<string | null> {
  try {
    await tx.transaction((sp) =>
      settleOpen(
        sp,
        s,
        actor,
        { session_id: sessionId, method: 'scan', request_id: `scan-${scan.payment_no}` },
        orderGoods,
        scan,
      ),
    );
    return null;
  } catch (e) {
    if (e instanceof BadInputError || e instanceof ConflictError || e instanceof NotFoundError)
      return e.message;
    throw e;
  }
}
