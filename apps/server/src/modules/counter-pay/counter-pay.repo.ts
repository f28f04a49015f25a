import { COUNTER_SCAN_STATUS_LABELS, type CounterScanRow, type CounterScanStatus } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** The SQL of counter scan payments (decision 169); reads by store are confined to it. */

export interface ScanIntent {
  id: number;
  netbar_id: number;
  purpose: 'order' | 'topup' | 'desk';
  order_id: number | null;
  member_id: number | null;
  /** A table's bill and its minutes frozen when the QR was shown (decision 182). */
  desk_session_id: number | null;
  desk_minutes: number | null;
  amount_fen: number;
  pay_type: CounterScanRow['pay_type'];
  payment_no: string;
  status: CounterScanStatus;
  cashier_id: number;
  cashier_name: string;
  remark: string;
  request_id: string;
}

const COLS = sql`id::int, netbar_id, purpose, order_id::int as order_id, member_id, amount_fen::float8 as amount_fen,
  pay_type, payment_no, status, cashier_id, cashier_name, remark, request_id,
  desk_session_id::int as desk_session_id, desk_minutes`;

export async function intentByRequest(db: Conn, nid: number, requestId: string) {
  const r = await rows<ScanIntent>(
    db,
    sql`select ${COLS} from counter_scan_pays where netbar_id = ${nid} and request_id = ${requestId}`,
  );
  return r[0];
}

export async function intentOf(db: Conn, nid: number, paymentNo: string, lock = false) {
  const r = await rows<ScanIntent>(
    db,
    sql`select ${COLS} from counter_scan_pays where netbar_id = ${nid} and payment_no = ${paymentNo} ${lock ? sql`for update` : sql``}`,
  );
  return r[0];
}

/** The settling transaction's read: by the payment alone (the payment service vouches for it). */
export async function lockIntentByPayment(tx: Conn, paymentNo: string) {
  const r = await rows<ScanIntent>(
    tx,
    sql`select ${COLS} from counter_scan_pays where payment_no = ${paymentNo} for update`,
  );
  return r[0];
}

/** The QR still waiting for this table's bill, if any (one at a time). */
export async function waitingOfDesk(db: Conn, nid: number, sessionId: number) {
  return rows<ScanIntent>(
    db,
    sql`select ${COLS} from counter_scan_pays where netbar_id = ${nid} and desk_session_id = ${sessionId} and status = 'waiting'`,
  );
}

/** The QR still waiting for this order, if any (one at a time). */
export async function waitingOfOrder(db: Conn, nid: number, orderId: number) {
  return rows<ScanIntent>(
    db,
    sql`select ${COLS} from counter_scan_pays where netbar_id = ${nid} and order_id = ${orderId} and status = 'waiting'`,
  );
}

export async function insertIntent(db: Conn, i: Omit<ScanIntent, 'id' | 'status'>) {
  const r = await rows<{ id: number }>(
    db,
    sql`insert into counter_scan_pays (netbar_id, purpose, order_id, member_id, amount_fen, pay_type, payment_no, cashier_id, cashier_name, remark, request_id,
          desk_session_id, desk_minutes)
        values (${i.netbar_id}, ${i.purpose}, ${i.order_id}, ${i.member_id}, ${i.amount_fen}, ${i.pay_type}, ${i.payment_no},
          ${i.cashier_id}, ${i.cashier_name}, ${i.remark}, ${i.request_id}, ${i.desk_session_id}, ${i.desk_minutes})
        on conflict (netbar_id, request_id) do nothing returning id::int`,
  );
  return r[0]?.id;
}

/** waiting → paid or cancelled (never back); `why` kept in remark when the money went back. */
export async function setIntentStatus(c: Conn, id: number, status: 'paid' | 'cancelled', why?: string) {
  await rows(
    c,
    sql`update counter_scan_pays set status = ${status}, settled_at = now()
          ${why ? sql`, remark = ${why.slice(0, 200)}` : sql``}
        where id = ${id} and status = 'waiting'`,
  );
}

/** The row the cashier's screen polls: the intent with its payment's QR and expiry. */
export async function scanRow(db: Conn, nid: number, paymentNo: string): Promise<CounterScanRow | undefined> {
  const r = await rows<Omit<CounterScanRow, 'status_label'>>(
    db,
    sql`select c.payment_no, c.purpose, c.order_id::int as order_id, c.member_id, c.desk_session_id::int as desk_session_id,
          c.amount_fen::float8 as amount_fen,
          c.pay_type, c.status, p.qr_payload, ${fmtTs('p.expires_at')} as expires_at, ${fmtTs('c.created_at')} as created_at
        from counter_scan_pays c join payments p on p.payment_no = c.payment_no
        where c.netbar_id = ${nid} and c.payment_no = ${paymentNo}`,
  );
  const x = r[0];
  return x && { ...x, status_label: COUNTER_SCAN_STATUS_LABELS[x.status] };
}

/** A machine of the store and the member logged on at it (member_id null: nobody), for a PC's top-up. */
export async function machineMember(db: Conn, nid: number, machineId: number) {
  const r = await rows<{ member_id: number | null; machine: string }>(
    db,
    sql`select (select o.member_id from online_sessions o where o.netbar_id = ${nid} and o.machine_id = mc.id and o.ended_at is null limit 1) as member_id,
          mc.name as machine
        from machines mc where mc.id = ${machineId} and mc.netbar_id = ${nid}`,
  );
  return r[0];
}

/**
 * The shift a PC's top-up is booked in (decision 185): the store's most recently opened open shift (the
 * cashier on duty, as for seat orders), read for share like tillMove's own read; null when none is open.
 */
export async function dutyShift(tx: Conn, nid: number) {
  const r = await rows<{
    id: number;
    shift_no: string;
    cashier_id: number;
    cashier_name: string;
    float_fen: number;
    opened_at: string;
  }>(
    tx,
    sql`select id::int, shift_no, cashier_id, cashier_name, float_fen::int, opened_at::text from shifts
        where netbar_id = ${nid} and status = 'open' order by opened_at desc, id desc limit 1 for share`,
  );
  return r[0] ?? null;
}
