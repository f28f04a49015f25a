import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { BadInputError } from '../../lib/errors.ts';

/**
 * The one place money at the counter is booked (decision 122), in the shape of the stock and member
 * ledgers: every sale, refund, top-up, lease deposit or return and petty-cash movement is one
 * append-only till_ledger row of the cashier's open shift, written in the caller's transaction. The
 * open shift's row is read `for share`, so a handover (which takes it `for update`) waits for moves in
 * flight and moves wait for the handover; a move after the close finds no open shift and opens a new one
 * (opened_how 'auto', float 0) instead of failing: no money is ever booked outside a shift.
 */

export type TillKind =
  | 'sale'
  | 'refund'
  | 'topup'
  | 'lease_deposit'
  | 'lease_fee'
  | 'lease_refund'
  | 'desk'
  | 'petty_in'
  | 'petty_out';

export interface TillMove {
  kind: TillKind;
  /** cash, member, scan ... the method the money moved through. */
  method: string;
  /** Signed fen: money in positive, money out negative. */
  amount_fen: number;
  order_id?: number;
  ref_type?: string;
  ref_no?: string;
  remark?: string;
  request_id: string;
  /** Several rows of one request (a split payment): 1, 2, 3 ... */
  seq?: number;
}

export interface TillActor {
  id: number;
  name: string;
}

export interface OpenShift {
  id: number;
  shift_no: string;
  cashier_id: number;
  cashier_name: string;
  float_fen: number;
  opened_at: string;
}

/** The cashier's open shift in the store, read for share (null when none is open). */
export async function openShiftOf(tx: Conn, nid: number, cashierId: number): Promise<OpenShift | null> {
  const r = await rows<OpenShift>(
    tx,
    sql`select id::int, shift_no, cashier_id, cashier_name, float_fen::int, opened_at::text from shifts
        where netbar_id = ${nid} and cashier_id = ${cashierId} and status = 'open' for share`,
  );
  return r[0] ?? null;
}

/** Inserts an open shift; the partial unique index refuses a second open shift of the same cashier. */
export async function insertShift(
  tx: Conn,
  nid: number,
  actor: TillActor,
  p: { float_fen: number; how: 'counter' | 'auto' | 'handover'; prev_shift_id?: number; request_id?: string },
): Promise<OpenShift> {
  const r = await rows<OpenShift>(
    tx,
    sql`insert into shifts (netbar_id, shift_no, cashier_id, cashier_name, float_fen, opened_how, prev_shift_id, request_id)
        values (${nid}, 'BC' || to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDDHH24MI') || lpad((nextval('shifts_id_seq') % 100000)::text, 5, '0'),
                ${actor.id}, ${actor.name}, ${p.float_fen}, ${p.how}, ${p.prev_shift_id ?? null}, ${p.request_id ?? null})
        returning id::int, shift_no, cashier_id, cashier_name, float_fen::int, opened_at::text`,
  );
  return r[0]!;
}

/**
 * The cashier's open shift, opening one with no float when there is none (a top-up or a terminal's
 * order rung up before the cashier opened a shift at the console).
 */
export async function shiftForMove(tx: Conn, nid: number, actor: TillActor): Promise<OpenShift> {
  const open = await openShiftOf(tx, nid, actor.id);
  if (open) return open;
  await rows(tx, sql`savepoint shift_auto_open`);
  try {
    const s = await insertShift(tx, nid, actor, { float_fen: 0, how: 'auto' });
    await rows(tx, sql`release savepoint shift_auto_open`);
    return s;
  } catch (e) {
    // another move of the same cashier opened it first
    await rows(tx, sql`rollback to savepoint shift_auto_open`);
    const again = await openShiftOf(tx, nid, actor.id);
    if (again) return again;
    throw e;
  }
}

export interface TillRow {
  id: number;
  shift_id: number;
  kind: TillKind;
  method: string;
  amount_fen: number;
}

/**
 * Books one movement in the cashier's open shift, inside the caller's transaction. The same
 * (request_id, seq) twice fails on the unique index: callers make their whole request idempotent.
 * A caller that already took the open shift with shiftForMove in this transaction (it is held for
 * share until the commit) may pass it and save reading it again (decision 139).
 */
export async function tillMove(
  tx: Conn,
  nid: number,
  actor: TillActor,
  m: TillMove,
  open?: OpenShift,
): Promise<TillRow> {
  if (!Number.isSafeInteger(m.amount_fen)) throw new BadInputError('金额不正确');
  const shift = open ?? (await shiftForMove(tx, nid, actor));
  const r = await rows<TillRow>(
    tx,
    sql`insert into till_ledger (netbar_id, shift_id, kind, method, amount_fen, order_id, ref_type, ref_no, remark, user_id, user_name, request_id, seq)
        values (${nid}, ${shift.id}, ${m.kind}, ${m.method}, ${m.amount_fen}, ${m.order_id ?? null}, ${m.ref_type ?? ''}, ${m.ref_no ?? ''},
                ${m.remark ?? ''}, ${actor.id}, ${actor.name}, ${m.request_id}, ${m.seq ?? 1})
        returning id::int, shift_id::int, kind, method, amount_fen::int`,
  );
  return r[0]!;
}

/** Expected cash in the drawer: the float plus every cash row of the shift (in positive, out negative). */
export async function expectedCash(tx: Conn, shiftId: number): Promise<number> {
  const r = await rows<{ fen: number }>(
    tx,
    sql`select (s.float_fen + coalesce((select sum(amount_fen) from till_ledger t where t.shift_id = s.id and t.method = 'cash'), 0))::float8 as fen
        from shifts s where s.id = ${shiftId}`,
  );
  return Number(r[0]?.fen ?? 0);
}
