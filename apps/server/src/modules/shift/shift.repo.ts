import {
  type ApprovalStatus,
  type CashCountLine,
  type ShiftCashier,
  type ShiftCell,
  type ShiftFigures,
  type ShiftRow,
  TILL_KINDS,
  type TillKindValue,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';
import type { TenantScope } from '../../tenant/index.ts';

/** Shifts of a store: the row as every screen shows it, its money by kind and method, the handover writes. */

export const shiftCols = sql`s.id::int as id, s.shift_no, s.cashier_id, s.cashier_name, s.status,
    (s.status = 'open' and s.handover_due_at is not null) as handover_due, s.opened_how,
    ${fmtTs('s.opened_at')} as opened_at, ${fmtTs('s.closed_at')} as closed_at, s.closed_by, s.closed_how,
    s.float_fen::float8 as float_fen, s.expected_cash_fen::float8 as expected_cash_fen,
    s.counted_cash_fen::float8 as counted_cash_fen, s.over_short_fen::float8 as over_short_fen,
    s.over_short_reason, s.float_left_fen::float8 as float_left_fen, s.carried_orders, s.approval_status,
    s.approved_by, s.prev_shift_id::int as prev_shift_id, s.next_shift_id::int as next_shift_id,
    coalesce(nx.cashier_name, '') as next_cashier_name, s.remark`;
export const shiftFrom = sql`from shifts s left join shifts nx on nx.id = s.next_shift_id`;

async function oneShift(db: Conn, where: SQL, lock = sql``): Promise<ShiftRow | null> {
  const r = await rows<ShiftRow>(db, sql`select ${shiftCols} ${shiftFrom} where ${where} ${lock}`);
  return r[0] ?? null;
}

/** A shift of the caller's store (another store's id finds nothing). */
export const shiftById = (db: Conn, s: TenantScope, id: number) =>
  oneShift(db, sql`s.netbar_id = ${s.netbarId} and s.id = ${id}`);

/** The handover locks the shift row (tillMove reads it for share): no movement lands while it closes. */
export const lockShift = (tx: Conn, s: TenantScope, id: number) =>
  oneShift(tx, sql`s.netbar_id = ${s.netbarId} and s.id = ${id}`, sql`for update of s`);

export const openShiftRow = (db: Conn, nid: number, cashierId: number) =>
  oneShift(db, sql`s.netbar_id = ${nid} and s.cashier_id = ${cashierId} and s.status = 'open'`);

export const shiftByRequest = (db: Conn, nid: number, requestId: string) =>
  oneShift(db, sql`s.netbar_id = ${nid} and s.request_id = ${requestId}`);

export const shiftByHandoverRequest = (db: Conn, nid: number, requestId: string) =>
  oneShift(db, sql`s.netbar_id = ${nid} and s.handover_request_id = ${requestId}`);

/** Every figure of a shift from its till_ledger rows; expected cash = float + cash in − cash out. */
export async function figuresOf(db: Conn, shiftId: number, floatFen: number): Promise<ShiftFigures> {
  const cells = await rows<ShiftCell & { in_fen: number; out_fen: number }>(
    db,
    sql`select kind, method, count(*)::int as count, sum(amount_fen)::float8 as amount_fen,
          sum(greatest(amount_fen, 0))::float8 as in_fen, (-sum(least(amount_fen, 0)))::float8 as out_fen
        from till_ledger where shift_id = ${shiftId} group by kind, method order by kind, method`,
  );
  const byKind = Object.fromEntries(TILL_KINDS.map((k) => [k, 0])) as Record<TillKindValue, number>;
  const byMethod: Record<string, number> = { cash: 0, member: 0, scan: 0 };
  let cashIn = 0;
  let cashOut = 0;
  for (const c of cells) {
    byKind[c.kind] = (byKind[c.kind] ?? 0) + c.amount_fen;
    byMethod[c.method] = (byMethod[c.method] ?? 0) + c.amount_fen;
    if (c.method === 'cash') {
      cashIn += c.in_fen;
      cashOut += c.out_fen;
    }
  }
  return {
    float_fen: floatFen,
    cash_in_fen: cashIn,
    cash_out_fen: cashOut,
    expected_cash_fen: floatFen + cashIn - cashOut,
    by_kind: byKind,
    by_method: byMethod,
    cells: cells.map(({ in_fen: _i, out_fen: _o, ...c }) => c),
  };
}

/** Orders the shift is responsible for that are still 待支付 or 制作中, locked so none changes meanwhile. */
export async function openOrdersOf(tx: Conn, nid: number, shiftId: number, lock = true): Promise<number[]> {
  const r = await rows<{ id: number }>(
    tx,
    sql`select id::int as id from orders where netbar_id = ${nid} and shift_id = ${shiftId}
          and status in ('unpaid', 'preparing') order by id ${lock ? sql`for update` : sql``}`,
  );
  return r.map((x) => x.id);
}

export async function carryOrders(tx: Conn, nid: number, ids: number[], nextShiftId: number) {
  if (!ids.length) return;
  await rows(
    tx,
    sql`update orders set shift_id = ${nextShiftId}, updated_at = now()
        where netbar_id = ${nid} and id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
}

export interface CloseFacts {
  closedBy: string;
  how: 'counter' | 'auto';
  expected: number;
  counted: number;
  reason: string;
  counts: CashCountLine[];
  floatLeft: number;
  carried: number[];
  approval: ApprovalStatus;
  requestId: string | null;
  remark: string;
}

export async function closeShift(tx: Conn, id: number, f: CloseFacts) {
  await rows(
    tx,
    sql`update shifts set status = 'closed', closed_at = greatest(clock_timestamp(), opened_at), closed_by = ${f.closedBy},
          closed_how = ${f.how}, expected_cash_fen = ${f.expected}, counted_cash_fen = ${f.counted},
          over_short_fen = ${f.counted - f.expected}, over_short_reason = ${f.reason},
          count_detail = ${JSON.stringify(f.counts)}::jsonb, float_left_fen = ${f.floatLeft},
          carried_orders = ${f.carried.length}, carried_order_ids = ${JSON.stringify(f.carried)}::jsonb,
          approval_status = ${f.approval}, handover_request_id = ${f.requestId},
          remark = case when ${f.remark} = '' then remark else ${f.remark} end
        where id = ${id}`,
  );
}

export const setRemark = (tx: Conn, id: number, remark: string) =>
  rows(tx, sql`update shifts set remark = ${remark} where id = ${id}`);

export const linkNext = (tx: Conn, id: number, nextId: number) =>
  rows(tx, sql`update shifts set next_shift_id = ${nextId} where id = ${id}`);

export async function setApproval(
  tx: Conn,
  s: TenantScope,
  id: number,
  status: 'approved' | 'rejected',
  by: string,
  remark: string,
): Promise<boolean> {
  const r = await rows(
    tx,
    sql`update shifts set approval_status = ${status}, approved_by = ${by}, approved_at = now(),
          approval_remark = ${remark}
        where netbar_id = ${s.netbarId} and id = ${id} and approval_status = 'pending' returning id`,
  );
  return r.length > 0;
}

/**
 * Who may receive a shift: the store's owner and its staff (active accounts): staff whose home store it
 * is and netbar staff who work in it through netbar_staff_stores (decision 145).
 */
export async function cashiersOf(db: Conn, nid: number): Promise<ShiftCashier[]> {
  return rows<ShiftCashier>(
    db,
    sql`select u.id, coalesce(nullif(u.true_name, ''), u.user_name) as name, '店主' as role
          from netbars n join users u on u.id = n.owner_user_id where n.id = ${nid} and u.status = 1
        union all
        select u.id, coalesce(nullif(u.true_name, ''), u.user_name) as name, '员工' as role
          from staff st join users u on u.id = st.user_id
          where u.status = 1 and (st.netbar_id = ${nid} or (st.netbar_id is not null and exists (
            select 1 from netbar_staff_stores ns where ns.user_id = st.user_id and ns.netbar_id = ${nid})))
        order by role desc, id`,
  );
}

export async function countDetailOf(db: Conn, id: number) {
  const r = await rows<{ d: CashCountLine[]; c: number[] }>(
    db,
    sql`select count_detail as d, carried_order_ids as c from shifts where id = ${id}`,
  );
  return { counts: r[0]?.d ?? [], carried: r[0]?.c ?? [] };
}

/** Open shifts of a store opened before an automatic handover slot, locked for the handover. */
export async function openShiftsBefore(tx: Conn, nid: number, slot: Date) {
  return rows<{ id: number; cashier_id: number; cashier_name: string; float_fen: number }>(
    tx,
    sql`select id::int as id, cashier_id, cashier_name, float_fen::float8 as float_fen from shifts
        where netbar_id = ${nid} and status = 'open' and opened_at < ${slot.toISOString()}::timestamptz
        order by id for update`,
  );
}

/** 待点钞: the automatic handover came while the store requires a count. */
export const markDue = (tx: Conn, id: number, slot: Date) =>
  rows(
    tx,
    sql`update shifts set handover_due_at = coalesce(handover_due_at, ${slot.toISOString()}::timestamptz) where id = ${id}`,
  );
