import {
  authCodeType,
  COUNTER_SCAN_MSG,
  type CounterScanCancelBody,
  type CounterScanRow,
  type CounterScanType,
  type DeskScanBody,
  fenToYuan,
  type OrderMicropayBody,
  type OrderScanBody,
  type PaymentMethodKind,
  TERMINAL_TOPUP_MSG,
  TERMINAL_TOPUP_STATUS_LABELS,
  type TerminalTopupBody,
  type TerminalTopupRow,
  type TopupScanBody,
} from '@netbar/contract';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { BadInputError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { systemStoreScope, type TenantScope } from '../../tenant/index.ts';
import { deskDueForScan, settleDeskByScan } from '../desk/index.ts';
import { memberForTopUp, topUpByScan } from '../member/index.ts';
import { cancelOrder, getOrder, lockOrder, payLocked, setScanRefunder } from '../order/index.ts';
import { onPaymentSettled, type PaymentCaller, type PaymentRecord, paymentsOf } from '../payment/index.ts';
import { payTypes } from '../payment-method/index.ts';
import type { OpenShift } from '../shift/index.ts';
import * as repo from './counter-pay.repo.ts';

export interface CounterPayDeps {
  db: Db;
  config: Config;
}
export interface Cashier {
  id: number;
  name: string;
}

/** The acquirer's method of a store pay type (云闪付 is collected through the aggregate code). */
const METHOD: Record<CounterScanType, PaymentMethodKind> = {
  wechat: 'wechat',
  alipay: 'alipay',
  aggregate: 'aggregate',
  unionpay: 'aggregate',
};

/** Errors that mean "this cannot be done" (not a fault): the money goes back instead. */
const refusal = (e: unknown) =>
  e instanceof BadInputError || e instanceof ConflictError || e instanceof NotFoundError;
const why = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The cashier id of a top-up asked for by a PC (its name is 客户端 <machine name>, decision 185). */
export const PC_CASHIER_ID = 0;

/** What a settled payment paid for, answered by the settle functions below: done, or given back (why). */
export type SettleOutcome = { refund: false } | { refund: true; reason: string };

/**
 * An order paid by a settled payment, in the payment's settling transaction (decision 169): the order,
 * still 待支付 and of the same amount, is paid by payLocked as `cashier` (their shift, 扫码), stock taken
 * there. An order gone meanwhile (cancelled, paid otherwise, refused by stock) answers refund with the
 * reason, nothing written. Used by the counter's QR and by an order's payment link (decision 176).
 */
export async function settleOrderPayment(
  tx: Tx,
  p: PaymentRecord,
  orderId: number,
  cashier: Cashier,
): Promise<SettleOutcome> {
  const s = systemStoreScope(p.netbar_id);
  const o = await lockOrder(tx, s, orderId);
  const back = (reason: string) => ({ refund: true as const, reason });
  if (!o) return back('订单不存在');
  if (o.status !== 'unpaid') return back(o.status === 'cancelled' ? '订单已取消' : '订单已支付');
  if (o.total_fen !== p.amount_fen) return back('订单金额已变化');
  try {
    await tx.transaction((sp) =>
      payLocked(sp, s, cashier, o, `scan-${p.payment_no}`, [{ method: 'scan', amount_fen: p.amount_fen }], {
        scanRef: p.payment_no,
      }),
    );
  } catch (e) {
    if (refusal(e)) return back(why(e));
    throw e;
  }
  return { refund: false };
}

/**
 * A member top-up paid by a settled payment, in its settling transaction: credited once through the
 * member module's topUpByScan (本金, the level's bonus and points as a cash top-up, till 扫码 of `cashier`).
 * A refused credit (card frozen meanwhile) answers refund. Used by the counter and by top-up links (176).
 */
export async function settleTopUpPayment(
  tx: Tx,
  p: PaymentRecord,
  memberId: number,
  cashier: Cashier,
  remark = '',
  shift?: OpenShift,
): Promise<SettleOutcome> {
  try {
    await tx.transaction((sp) =>
      topUpByScan(
        sp,
        systemStoreScope(p.netbar_id),
        cashier,
        {
          member_id: memberId,
          amount_fen: p.amount_fen,
          payment_no: p.payment_no,
          remark,
        },
        shift,
      ),
    );
  } catch (e) {
    if (refusal(e)) return { refund: true, reason: why(e) };
    throw e;
  }
  return { refund: false };
}

/**
 * The counter's QR of an order (decision 169), or of a table's bill (decision 182, the same purpose with ref
 * D<session>): settled once by the payment service; a gone order or a bill settled otherwise refunds.
 */
onPaymentSettled('order', async (tx, p) => {
  const it = await repo.lockIntentByPayment(tx, p.payment_no);
  if (it?.purpose === 'desk' && it.desk_session_id && it.desk_minutes !== null) {
    const why = await settleDeskByScan(
      tx,
      systemStoreScope(p.netbar_id),
      { id: it.cashier_id, name: it.cashier_name },
      it.desk_session_id,
      { minutes: it.desk_minutes, amount_fen: p.amount_fen, payment_no: p.payment_no },
    );
    if (why) {
      await repo.setIntentStatus(tx, it.id, 'cancelled', `${why}，款项原路退回`);
      return 'refund';
    }
    await repo.setIntentStatus(tx, it.id, 'paid');
    return;
  }
  if (!it?.order_id) throw new Error('扫码收款记录不存在');
  const r = await settleOrderPayment(tx, p, it.order_id, { id: it.cashier_id, name: it.cashier_name });
  if (r.refund) {
    await repo.setIntentStatus(tx, it.id, 'cancelled', `${r.reason}，款项原路退回`);
    return 'refund';
  }
  await repo.setIntentStatus(tx, it.id, 'paid');
});

/** The counter's top-up QR: the member is credited once, as a cash top-up is. */
onPaymentSettled('topup', async (tx, p) => {
  const it = await repo.lockIntentByPayment(tx, p.payment_no);
  if (!it?.member_id) throw new Error('扫码充值记录不存在');
  const cashier = { id: it.cashier_id, name: it.cashier_name };
  // a PC's top-up (cashier 0, 客户端 <machine>, decision 185) goes to the shift of the cashier on duty
  const shift = it.cashier_id === PC_CASHIER_ID ? await repo.dutyShift(tx, p.netbar_id) : null;
  const r = await settleTopUpPayment(tx, p, it.member_id, cashier, it.remark, shift ?? undefined);
  if (r.refund) {
    await repo.setIntentStatus(tx, it.id, 'cancelled', `${r.reason}，款项原路退回`);
    return 'refund';
  }
  await repo.setIntentStatus(tx, it.id, 'paid');
});

/** A counter scan row as the PC reads it (decision 185): closed for cancelled, the balance once paid. */
function clientRow(row: CounterScanRow, m?: { principal_fen: number; bonus_fen: number }): TerminalTopupRow {
  const status = row.status === 'cancelled' ? 'closed' : row.status;
  return {
    payment_no: row.payment_no,
    amount_fen: row.amount_fen,
    pay_type: row.pay_type,
    status,
    status_label: TERMINAL_TOPUP_STATUS_LABELS[status],
    pay_url: row.qr_payload,
    expires_at: row.expires_at,
    principal_fen: m ? m.principal_fen : null,
    bonus_fen: m ? m.bonus_fen : null,
  };
}

export function createCounterPay(deps: CounterPayDeps) {
  const { db } = deps;
  const svc = paymentsOf(deps);
  // an order refund gives a settled scan payment back through the acquirer (order-refund.ts)
  setScanRefunder(async (r) => {
    await svc.refund(systemStoreScope(r.netbar_id), 0, {
      payment_no: r.payment_no,
      amount_fen: r.amount_fen,
      reason: r.reason,
      request_id: r.request_id,
    });
  });

  /** The store's payment settings (payment_settings 10502): the cashier offers only enabled methods. */
  async function offered(s: TenantScope, t: CounterScanType, where: 'cashier' | 'client' = 'cashier') {
    const on = (await payTypes(db, s))[where].some((m) => m.pay_type === t);
    if (!on)
      throw new BadInputError(
        where === 'client' ? TERMINAL_TOPUP_MSG.notOffered : COUNTER_SCAN_MSG.notOffered,
      );
  }

  async function rowOf(s: TenantScope, no: string): Promise<CounterScanRow> {
    const r = await repo.scanRow(db, s.netbarId, no);
    if (!r) throw new NotFoundError(COUNTER_SCAN_MSG.notFound);
    return r;
  }

  /** A retried request answers its first QR; the same id for another thing is refused. */
  async function replay(s: TenantScope, requestId: string, same: (i: repo.ScanIntent) => boolean) {
    const seen = await repo.intentByRequest(db, s.netbarId, requestId);
    if (!seen) return undefined;
    if (!same(seen)) throw new ConflictError(COUNTER_SCAN_MSG.requestUsed);
    return rowOf(s, seen.payment_no);
  }

  async function start(
    s: TenantScope,
    cashier: Cashier,
    caller: PaymentCaller,
    i: Omit<repo.ScanIntent, 'id' | 'status' | 'payment_no' | 'netbar_id' | 'cashier_id' | 'cashier_name'>,
    ref: string,
    subject: string,
  ) {
    const { payment } = await svc.create(s, caller, {
      // a table's bill is paid as an order (ref D<session>): one settled payment per bill
      purpose: i.purpose === 'desk' ? 'order' : i.purpose,
      purpose_ref: ref.slice(0, 64),
      amount_fen: i.amount_fen,
      method: METHOD[i.pay_type],
      subject: subject.slice(0, 30),
      request_id: `cs-${i.request_id}`.slice(0, 64),
    });
    await repo.insertIntent(db, {
      ...i,
      netbar_id: s.netbarId,
      payment_no: payment.payment_no,
      cashier_id: cashier.id,
      cashier_name: cashier.name,
    });
    const seen = await repo.intentByRequest(db, s.netbarId, i.request_id);
    if (seen?.payment_no !== payment.payment_no) throw new ConflictError(COUNTER_SCAN_MSG.requestUsed);
    return rowOf(s, payment.payment_no);
  }

  return {
    /** 扫码支付 of an unpaid order: closes a QR still waiting for it, then shows one for the whole amount. */
    async orderScan(s: TenantScope, cashier: Cashier, caller: PaymentCaller, b: OrderScanBody) {
      const again = await replay(
        s,
        b.request_id,
        (i) => i.order_id === b.order_id && i.pay_type === b.pay_type,
      );
      if (again) return { row: again, replayed: true };
      const { order } = await getOrder(db, s, b.order_id);
      await offered(s, b.pay_type);
      if (order.status !== 'unpaid') throw new ConflictError(COUNTER_SCAN_MSG.notUnpaid);
      if (order.total_fen <= 0) throw new BadInputError(COUNTER_SCAN_MSG.zero);
      for (const w of await repo.waitingOfOrder(db, s.netbarId, order.id)) await closeOne(s, w);
      const row = await start(
        s,
        cashier,
        caller,
        {
          purpose: 'order',
          order_id: order.id,
          member_id: null,
          amount_fen: order.total_fen,
          pay_type: b.pay_type,
          remark: '',
          request_id: b.request_id,
          desk_session_id: null,
          desk_minutes: null,
        },
        `O${order.id}`,
        `订单${order.order_no}`,
      );
      return { row, replayed: false };
    },

    /**
     * 付款码 of an unpaid order (decision 182): the customer's code charged for the whole amount. Paid at
     * once, the order is finished by the same settle as a QR's (in the charge's settle); the customer still
     * confirming (USERPAYING) leaves it waiting like a QR, polled. A refused code closes the payment.
     */
    async orderMicropay(s: TenantScope, cashier: Cashier, caller: PaymentCaller, b: OrderMicropayBody) {
      const payType = authCodeType(b.auth_code);
      const again = await replay(s, b.request_id, (i) => i.order_id === b.order_id);
      if (again) return { row: again, replayed: true };
      const { order } = await getOrder(db, s, b.order_id);
      if (!payType) throw new BadInputError(COUNTER_SCAN_MSG.authCodeKind);
      await offered(s, payType);
      if (order.status !== 'unpaid') throw new ConflictError(COUNTER_SCAN_MSG.notUnpaid);
      if (order.total_fen <= 0) throw new BadInputError(COUNTER_SCAN_MSG.zero);
      for (const w of await repo.waitingOfOrder(db, s.netbarId, order.id)) await closeOne(s, w);
      const charge = svc.micropay(
        s,
        caller,
        {
          purpose: 'order',
          purpose_ref: `O${order.id}`,
          amount_fen: order.total_fen,
          method: METHOD[payType],
          subject: `订单${order.order_no}`.slice(0, 30),
          auth_code: b.auth_code,
          request_id: `cm-${b.request_id}`.slice(0, 64),
        },
        async (no) => {
          await repo.insertIntent(db, {
            purpose: 'order',
            order_id: order.id,
            member_id: null,
            amount_fen: order.total_fen,
            pay_type: payType,
            remark: '付款码',
            request_id: b.request_id,
            desk_session_id: null,
            desk_minutes: null,
            netbar_id: s.netbarId,
            payment_no: no,
            cashier_id: cashier.id,
            cashier_name: cashier.name,
          });
        },
      );
      const { payment } = await charge.catch(async (e: unknown) => {
        // refused by the acquirer (a bad or expired code): the intent is closed with the reason
        const it = await repo.intentByRequest(db, s.netbarId, b.request_id);
        if (it?.status === 'waiting') await repo.setIntentStatus(db, it.id, 'cancelled', why(e));
        throw e;
      });
      return { row: await rowOf(s, payment.payment_no), replayed: false };
    },

    /**
     * 扫码充值 from a PC (decision 185): the member logged on at the machine, the methods the 客户端 offers;
     * the intent's cashier is the machine (0, 客户端 <name>). A retry answers the first QR even after logoff.
     */
    async clientTopup(s: TenantScope, caller: PaymentCaller, b: TerminalTopupBody) {
      const again = await replay(
        s,
        b.request_id,
        (i) => i.cashier_id === PC_CASHIER_ID && i.amount_fen === b.amount_fen && i.pay_type === b.pay_type,
      );
      if (again) return { row: clientRow(again), replayed: true };
      const at = await repo.machineMember(db, s.netbarId, b.machine_id);
      if (!at) throw new NotFoundError(TERMINAL_TOPUP_MSG.machineNotFound);
      if (!at.member_id) throw new BadInputError(TERMINAL_TOPUP_MSG.noMember);
      const { row, replayed } = await this.topupScan(
        s,
        { id: PC_CASHIER_ID, name: `客户端 ${at.machine}`.slice(0, 60) },
        caller,
        {
          member_id: Number(at.member_id),
          amount_fen: b.amount_fen,
          pay_type: b.pay_type,
          request_id: b.request_id,
        },
        'client',
      );
      return { row: clientRow(row), replayed };
    },

    /** The PC's poll of its top-up: waiting / paid (with the member's balance) / closed; only a PC's own. */
    async clientTopupStatus(s: TenantScope, no: string): Promise<TerminalTopupRow> {
      const it = await repo.intentOf(db, s.netbarId, no);
      if (it?.purpose !== 'topup' || it.cashier_id !== PC_CASHIER_ID || !it.member_id)
        throw new NotFoundError(COUNTER_SCAN_MSG.notFound);
      const row = await this.query(s, no);
      return clientRow(row, row.status === 'paid' ? await memberForTopUp(db, s, it.member_id) : undefined);
    },

    /** 会员充值 by scan: the member is credited when the payment settles, not before. */
    async topupScan(
      s: TenantScope,
      cashier: Cashier,
      caller: PaymentCaller,
      b: TopupScanBody,
      where: 'cashier' | 'client' = 'cashier',
    ) {
      const again = await replay(
        s,
        b.request_id,
        (i) => i.member_id === b.member_id && i.amount_fen === b.amount_fen,
      );
      if (again) return { row: again, replayed: true };
      // another store's member is absent whatever that store offers
      const m = await memberForTopUp(db, s, b.member_id);
      if (!m) throw new NotFoundError('会员不存在');
      await offered(s, b.pay_type, where);
      const row = await start(
        s,
        cashier,
        caller,
        {
          purpose: 'topup',
          order_id: null,
          member_id: m.id,
          amount_fen: b.amount_fen,
          pay_type: b.pay_type,
          remark: b.remark ?? '',
          request_id: b.request_id,
          desk_session_id: null,
          desk_minutes: null,
        },
        `T${b.request_id}`,
        `会员充值¥${fenToYuan(b.amount_fen)}`,
      );
      return { row, replayed: false };
    },

    /**
     * 扫码收款 of a table's bill (decision 182): the amount due now and its minutes are frozen; the table stays
     * open (未结账) until the payment settles it. A QR still waiting for it is closed first.
     */
    async deskScan(s: TenantScope, cashier: Cashier, caller: PaymentCaller, b: DeskScanBody) {
      const again = await replay(
        s,
        b.request_id,
        (i) => i.desk_session_id === b.session_id && i.pay_type === b.pay_type,
      );
      if (again) return { row: again, replayed: true };
      const bill = await deskDueForScan(db, s, b.session_id);
      await offered(s, b.pay_type);
      for (const w of await repo.waitingOfDesk(db, s.netbarId, b.session_id)) await closeOne(s, w);
      const row = await start(
        s,
        cashier,
        caller,
        {
          purpose: 'desk',
          order_id: null,
          member_id: null,
          amount_fen: bill.due_fen,
          pay_type: b.pay_type,
          remark: '',
          request_id: b.request_id,
          desk_session_id: b.session_id,
          desk_minutes: bill.minutes,
        },
        `D${b.session_id}`,
        `${bill.desk_name} 桌台结账`,
      );
      return { row, replayed: false };
    },

    /** The cashier's poll: the payment service asks the acquirer once it has waited 5 s (QUERY_AFTER_MS). */
    async query(s: TenantScope, no: string): Promise<CounterScanRow> {
      const it = await repo.intentOf(db, s.netbarId, no);
      if (!it) throw new NotFoundError(COUNTER_SCAN_MSG.notFound);
      if (it.status === 'waiting') {
        const p = await svc.query(s, no);
        if (p.status === '已关闭') await repo.setIntentStatus(db, it.id, 'cancelled', '支付已关闭');
      }
      return rowOf(s, no);
    },

    /** 取消: closes the payment at the acquirer; an order's QR cancels the order (nothing was taken). */
    async cancel(s: TenantScope, cashier: Cashier, b: CounterScanCancelBody): Promise<CounterScanRow> {
      const it = await repo.intentOf(db, s.netbarId, b.payment_no);
      if (!it) throw new NotFoundError(COUNTER_SCAN_MSG.notFound);
      if (it.status === 'paid') throw new ConflictError(COUNTER_SCAN_MSG.alreadyPaid);
      if (it.status === 'waiting') await closeOne(s, it, b.reason);
      if (it.order_id) {
        const { order } = await getOrder(db, s, it.order_id);
        if (order.status === 'unpaid')
          await cancelOrder(db, s, cashier, { order_id: it.order_id, reason: b.reason ?? '取消扫码支付' });
      }
      return rowOf(s, b.payment_no);
    },
  };

  /** Closes a waiting QR's payment; paid meanwhile: settled by the service and refused here. */
  async function closeOne(s: TenantScope, it: repo.ScanIntent, reason?: string) {
    try {
      await svc.close(s, it.payment_no);
    } catch (e) {
      if (e instanceof ConflictError) throw new ConflictError(COUNTER_SCAN_MSG.alreadyPaid);
      throw e;
    }
    await repo.setIntentStatus(db, it.id, 'cancelled', reason ?? '已取消');
  }
}
