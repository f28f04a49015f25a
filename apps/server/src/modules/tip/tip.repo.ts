import type { TipKind, TipRow, TipSource, TipStaffOption } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../../db/client.ts';
import { fmtTs } from '../../lib/sql-dates.ts';

/** The tip ledger's writes and single reads (decision 148); every query names the store. */

/** Staff of the store a tip may go to: type 5, working in it (their home store or one granted, decision 145). */
const staffOfStore = (nid: number) =>
  sql`from users u join staff st on st.user_id = u.id
      where u.type = 5 and (st.netbar_id = ${nid}
        or exists (select 1 from netbar_staff_stores g where g.user_id = u.id and g.netbar_id = ${nid}))`;
const staffName = sql`coalesce(nullif(u.true_name, ''), u.user_name)`;

export async function staffById(
  db: Conn,
  nid: number,
  id: number,
): Promise<{ id: number; name: string; active: boolean } | undefined> {
  const r = await rows<{ id: number; name: string; active: boolean }>(
    db,
    sql`select u.id, ${staffName} as name, u.status = 1 as active ${staffOfStore(nid)} and u.id = ${id}`,
  );
  return r[0];
}

/** The store's active staff, for the tip dialogs and the PC's list. */
export async function staffOptions(db: Conn, nid: number): Promise<TipStaffOption[]> {
  return rows<TipStaffOption>(
    db,
    sql`select u.id, ${staffName} as name, st.position ${staffOfStore(nid)} and u.status = 1 order by u.id`,
  );
}

/** A tip row's columns as the record list shows it; its paid share from the staff member's payouts. */
export const TIP_COLS = sql`t.id::int as id, 'DS' || lpad(t.id::text, 10, '0') as ref_no, t.kind, t.source,
  t.staff_user_id as staff_id, t.staff_name, t.member_id, coalesce(m.name, '') as member_name, t.machine_name,
  t.amount_fen::float8 as amount_fen,
  (case when t.kind = 'tip' then greatest(0, least(t.amount_fen, coalesce(b.paid_fen, 0) - (t.tipped_after - t.amount_fen))) else 0 end)::float8 as paid_fen,
  case when t.kind <> 'tip' then ''
       when coalesce(b.paid_fen, 0) >= t.tipped_after then 'paid'
       when coalesce(b.paid_fen, 0) > t.tipped_after - t.amount_fen then 'partial'
       else 'unpaid' end as paid_status,
  coalesce(s.shift_no, '') as shift_no, t.user_name, t.remark, ${fmtTs('t.at')} as at`;
export const TIP_FROM = sql`from tip_ledger t
  left join tip_balances b on b.netbar_id = t.netbar_id and b.staff_user_id = t.staff_user_id
  left join members m on m.id = t.member_id
  left join shifts s on s.id = t.shift_id`;

export async function tipByRequest(db: Conn, nid: number, requestId: string): Promise<TipRow | undefined> {
  const r = await rows<TipRow>(
    db,
    sql`select ${TIP_COLS} ${TIP_FROM} where t.netbar_id = ${nid} and t.request_id = ${requestId}`,
  );
  return r[0];
}

export async function tipById(db: Conn, nid: number, id: number): Promise<TipRow> {
  const r = await rows<TipRow>(
    db,
    sql`select ${TIP_COLS} ${TIP_FROM} where t.netbar_id = ${nid} and t.id = ${id}`,
  );
  return r[0]!;
}

export interface NewTipRow {
  kind: TipKind;
  staff: { id: number; name: string };
  /** Signed: a tip positive, a payout negative. */
  amount_fen: number;
  source?: TipSource;
  member_id?: number;
  member_ledger_id?: number;
  machine?: { id: number; name: string };
  shift_id?: number;
  till_ledger_id?: number;
  remark: string;
  user: { id: number; name: string };
  request_id: string;
}

/** The ledger row's id drawn first, so a payout's till row can carry its number (DS…) as ref_no. */
export async function nextTipId(tx: Conn): Promise<number> {
  const r = await rows<{ id: string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('tip_ledger', 'id')) as id`,
  );
  return Number(r[0]!.id);
}
export const tipRefNo = (id: number) => `DS${String(id).padStart(10, '0')}`;

/**
 * Moves the staff member's running figures in the caller's transaction: a tip adds to the balance row
 * (created on the first tip), a payout takes from it only while it covers the amount (the update's row
 * lock serialises concurrent payouts). Answers the totals after, or undefined when a payout is too much.
 */
export async function moveBalance(
  tx: Conn,
  nid: number,
  staffId: number,
  kind: TipKind,
  amountFen: number,
): Promise<{ tipped: number; paid: number } | undefined> {
  const moved = await rows<{ tipped: number; paid: number }>(
    tx,
    kind === 'tip'
      ? sql`insert into tip_balances (netbar_id, staff_user_id, tipped_fen, tips) values (${nid}, ${staffId}, ${amountFen}, 1)
            on conflict (netbar_id, staff_user_id) do update
              set tipped_fen = tip_balances.tipped_fen + excluded.tipped_fen, tips = tip_balances.tips + 1
            returning tipped_fen::float8 as tipped, paid_fen::float8 as paid`
      : sql`update tip_balances set paid_fen = paid_fen - ${amountFen}
            where netbar_id = ${nid} and staff_user_id = ${staffId} and tipped_fen - paid_fen >= ${-amountFen}
            returning tipped_fen::float8 as tipped, paid_fen::float8 as paid`,
  );
  return moved[0];
}

/** Writes the ledger row with the totals the balance reached, and points the balance at it. */
export async function insertTipRow(
  tx: Conn,
  nid: number,
  id: number,
  r: NewTipRow,
  after: { tipped: number; paid: number },
): Promise<void> {
  await rows(
    tx,
    sql`insert into tip_ledger (id, netbar_id, staff_user_id, staff_name, kind, amount_fen, tipped_after, paid_after, source,
          member_id, member_ledger_id, machine_id, machine_name, shift_id, till_ledger_id, remark, user_id, user_name, request_id)
        values (${id}, ${nid}, ${r.staff.id}, ${r.staff.name}, ${r.kind}, ${r.amount_fen}, ${after.tipped}, ${after.paid}, ${r.source ?? ''},
          ${r.member_id ?? null}, ${r.member_ledger_id ?? null}, ${r.machine?.id ?? null}, ${r.machine?.name ?? ''},
          ${r.shift_id ?? null}, ${r.till_ledger_id ?? null}, ${r.remark}, ${r.user.id}, ${r.user.name}, ${r.request_id})`,
  );
  await rows(
    tx,
    sql`update tip_balances set last_ledger_id = ${id} where netbar_id = ${nid} and staff_user_id = ${r.staff.id}`,
  );
}

/** Whoever the store owes tips to (a balance row): a payout may reach a staff member since moved or disabled. */
export async function owedStaff(
  db: Conn,
  nid: number,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  const r = await rows<{ id: number; name: string }>(
    db,
    sql`select u.id, ${staffName} as name from tip_balances b join users u on u.id = b.staff_user_id
        where b.netbar_id = ${nid} and b.staff_user_id = ${id}`,
  );
  return r[0];
}

/** The member logged on at the store's machine now (its open session), with the machine's name. */
export async function memberAtMachine(
  db: Conn,
  nid: number,
  machineId: number,
): Promise<{ member_id: number | null; machine: string } | undefined> {
  const r = await rows<{ member_id: number | null; machine: string }>(
    db,
    sql`select (select o.member_id from online_sessions o where o.netbar_id = ${nid} and o.machine_id = mc.id and o.ended_at is null) as member_id,
          mc.name as machine
        from machines mc where mc.id = ${machineId} and mc.netbar_id = ${nid}`,
  );
  return r[0];
}

/** The member's 本金 after the tip (a replay answers it from the tip's member ledger row). */
export async function principalAfterTip(db: Conn, nid: number, tipId: number): Promise<number> {
  const r = await rows<{ p: number }>(
    db,
    sql`select l.principal_after::float8 as p from tip_ledger t join member_ledger l on l.id = t.member_ledger_id
        where t.netbar_id = ${nid} and t.id = ${tipId}`,
  );
  return Number(r[0]?.p ?? 0);
}

/** The staff member's unpaid tips in the store now. */
export async function unpaidOf(db: Conn, nid: number, staffId: number): Promise<number> {
  const r = await rows<{ fen: number }>(
    db,
    sql`select (tipped_fen - paid_fen)::float8 as fen from tip_balances where netbar_id = ${nid} and staff_user_id = ${staffId}`,
  );
  return Number(r[0]?.fen ?? 0);
}
