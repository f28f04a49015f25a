import { TIP_PAYOUT_REASON } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';
import { drawIds, insertRecords, iso, tillRow } from './demo-rows.ts';
import type { Walked, WalkRow } from './member-walk.ts';
import type { DemoShift, DemoShifts } from './shift.ts';

/**
 * The demo's tips (issue 14 item 3, decision 148), part of the member demo: now and then a member tips a
 * staff member of the store from 本金, at the PC during a session (客户机) or at the counter after a top-up
 * (柜台). A tip is placed into the member's walked history only where the 本金 from then on never falls
 * below it, so every later row still holds (its 本金 figures shift down by the tip; the walk's choices
 * stay as they were). Once a week, at 19:30 in the day shift, the cashier on duty pays each staff member
 * their unpaid tips in cash: a 支出 「打赏发放」 in that shift's till (closed later with the other rows,
 * demo/till.ts) and a payout row of the tip ledger; the last week stays unpaid. Fixed seeds.
 */

export interface DemoStaff {
  id: number;
  name: string;
  /** Relative chance of being tipped. */
  weight: number;
}
export interface TipOf {
  staff: DemoStaff;
  source: 'terminal' | 'counter';
  machine: number | null;
}

const AMOUNTS = [200, 500, 500, 1000, 1000, 2000, 5000];
const MINUTE_MS = 60_000;
const DAY_MS = 86400_000;
export const CLIENT = { id: 0, name: '客户端' };

/** The store's active staff with the weight a tip picks them by (the cashier at the counter most). */
export async function demoStaff(db: Conn, nid: number): Promise<DemoStaff[]> {
  const r = await rows<{ id: number; name: string; position: string }>(
    db,
    sql`select u.id, coalesce(nullif(u.true_name, ''), u.user_name) as name, st.position
        from users u join staff st on st.user_id = u.id
        where u.type = 5 and u.status = 1 and (st.netbar_id = ${nid}
          or exists (select 1 from netbar_staff_stores g where g.user_id = u.id and g.netbar_id = ${nid}))
        order by u.id`,
  );
  const w: Record<string, number> = { 收银员: 5, 服务员: 4, 网管: 2, 店长: 1 };
  return r.map((x) => ({ id: Number(x.id), name: x.name, weight: w[x.position] ?? 2 }));
}

function pick(rnd: () => number, staff: DemoStaff[]): DemoStaff {
  let x = rnd() * staff.reduce((s, p) => s + p.weight, 0);
  for (const p of staff) {
    x -= p.weight;
    if (x < 0) return p;
  }
  return staff[staff.length - 1]!;
}

/** Splices tips into one member's walked rows (in time order), keeping every row's 本金 at or above zero. */
export function addTips(w: Walked, rnd: () => number, staff: DemoStaff[]): void {
  if (!staff.length) return;
  const chances: { at: number; source: 'terminal' | 'counter'; machine: number | null }[] = [];
  for (const r of w.rows) {
    if (r.session && r.session.minutes >= 40 && rnd() < 0.05)
      chances.push({
        at: r.session.start + Math.floor(20 + rnd() * (r.session.minutes - 30)) * MINUTE_MS,
        source: 'terminal',
        machine: r.session.machine,
      });
    if (r.kind === 'topup' && rnd() < 0.08)
      chances.push({ at: r.at + 30_000, source: 'counter', machine: null });
  }
  for (const c of chances) {
    const amount = AMOUNTS[Math.floor(rnd() * AMOUNTS.length)]!;
    const to = pick(rnd, staff);
    let idx = w.rows.findIndex((r) => r.at > c.at);
    if (idx < 0) idx = w.rows.length;
    // the 本金 from the tip on: never below the tip, or the tip does not happen
    let low = w.p;
    for (let j = idx; j < w.rows.length; j++) {
      const r = w.rows[j]!;
      low = Math.min(low, r.pb, r.pb + r.dp);
    }
    if (low < amount) continue;
    const next = w.rows[idx];
    const at = next ? next : { pb: w.p, bb: w.b, ptb: w.pt, mb: w.fm };
    const tipRow: WalkRow = {
      kind: 'tip',
      dp: -amount,
      pb: at.pb,
      db: 0,
      bb: at.bb,
      dpt: 0,
      ptb: at.ptb,
      dm: 0,
      mb: at.mb,
      paid: 0,
      remark: `打赏${to.name}`,
      at: c.at,
      tip: { staff: to, source: c.source, machine: c.machine },
    };
    for (let j = idx; j < w.rows.length; j++) w.rows[j]!.pb -= amount;
    w.rows.splice(idx, 0, tipRow);
    w.p -= amount;
  }
}

interface TipEvent {
  at: number;
  kind: 'tip' | 'payout';
  staff: DemoStaff;
  amount: number;
  member?: number;
  ledger?: number;
  source?: 'terminal' | 'counter';
  machine?: number | null;
  user: { id: number; name: string };
  shift?: DemoShift;
  request: string;
}

/**
 * Writes the store's tip ledger (the walk's tips, found in its member ledger by request id, and weekly
 * payouts) in time order with running totals per staff member, the balances, and each payout's 支出 in
 * the till of its shift.
 */
export async function writeTips(
  tx: Conn,
  nid: number,
  staff: DemoStaff[],
  shifts: DemoShifts,
  now: number,
  walked: { rid: string; tip?: TipOf }[],
) {
  const tipOf = new Map(walked.flatMap((l) => (l.tip ? [[l.rid, l.tip] as const] : [])));
  if (!tipOf.size) return;
  const tips = await rows<{
    id: number;
    member_id: number;
    amount: number;
    at: number;
    request_id: string;
    user_id: number;
    user_name: string;
  }>(
    tx,
    sql`select id::float8 as id, member_id, (-principal_delta)::float8 as amount, (extract(epoch from at) * 1000)::float8 as at,
          request_id, user_id, user_name
        from member_ledger where netbar_id = ${nid} and kind = 'tip' order by id`,
  );
  const events: TipEvent[] = tips.map((t) => {
    const tip = tipOf.get(t.request_id)!;
    return {
      at: Number(t.at),
      kind: 'tip',
      staff: tip.staff,
      amount: Number(t.amount),
      member: t.member_id,
      ledger: Number(t.id),
      source: tip.source,
      machine: tip.machine,
      user: { id: t.user_id, name: t.user_name },
      request: t.request_id,
    };
  });
  // weekly payouts at 19:30 of the day shift, from the first week on, the last week left unpaid
  const unpaid = new Map<number, number>();
  let k = 0;
  let ti = 0;
  const first = events[0]!.at;
  const nTips = events.length;
  for (let day = first + 7 * DAY_MS; day < now - 7 * DAY_MS; day += 7 * DAY_MS) {
    const payAt = Math.floor((day + 8 * 3600_000) / DAY_MS) * DAY_MS - 8 * 3600_000 + 19.5 * 3600_000;
    const shift = shifts.at(payAt);
    if (!shift) continue;
    for (; ti < nTips && events[ti]!.at < payAt; ti++)
      unpaid.set(events[ti]!.staff.id, (unpaid.get(events[ti]!.staff.id) ?? 0) + events[ti]!.amount);
    for (const s of staff) {
      const owed = unpaid.get(s.id) ?? 0;
      if (owed <= 0) continue;
      unpaid.set(s.id, 0);
      events.push({
        at: payAt + k * 1000,
        kind: 'payout',
        staff: s,
        amount: -owed,
        user: shift.cashier,
        shift,
        request: `demo-tip-pay-${nid}-${k++}`,
      });
    }
  }
  events.sort((a, b) => a.at - b.at);
  const ids = await drawIds(tx, 'tip_ledger_id_seq', events.length);
  const payouts = events.flatMap((e, i) => (e.kind === 'payout' ? [{ e, id: ids[i]! }] : []));
  const till = payouts.map(({ e, id }) =>
    tillRow(
      nid,
      e.shift!,
      'petty_out',
      'cash',
      e.amount,
      null,
      'expense',
      `DS${String(id).padStart(10, '0')}`,
      TIP_PAYOUT_REASON,
      e.request,
      1,
      e.at,
    ),
  );
  await insertRecords(
    tx,
    'till_ledger',
    `netbar_id int, shift_id bigint, kind text, method text, amount_fen bigint, order_id bigint, ref_type text, ref_no text,
     remark text, user_id int, user_name text, request_id text, seq smallint, at timestamptz`,
    till,
  );
  const tillIds = new Map(
    (
      await rows<{ id: number; request_id: string }>(
        tx,
        sql`select id::float8 as id, request_id from till_ledger where netbar_id = ${nid} and request_id like ${`demo-tip-pay-${nid}-%`}`,
      )
    ).map((r) => [r.request_id, Number(r.id)]),
  );
  const totals = new Map<number, { tipped: number; paid: number; tips: number; last: number }>();
  const machines = new Map(
    (
      await rows<{ id: number; name: string }>(
        tx,
        sql`select id, name from machines where netbar_id = ${nid}`,
      )
    ).map((m) => [Number(m.id), m.name]),
  );
  const ledger = events.map((e, i) => {
    const t = totals.get(e.staff.id) ?? { tipped: 0, paid: 0, tips: 0, last: 0 };
    if (e.kind === 'tip') {
      t.tipped += e.amount;
      t.tips++;
    } else t.paid -= e.amount;
    t.last = ids[i]!;
    totals.set(e.staff.id, t);
    return {
      id: ids[i],
      netbar_id: nid,
      staff_user_id: e.staff.id,
      staff_name: e.staff.name,
      kind: e.kind,
      amount_fen: e.amount,
      tipped_after: t.tipped,
      paid_after: t.paid,
      source: e.source ?? '',
      member_id: e.member ?? null,
      member_ledger_id: e.ledger ?? null,
      machine_id: e.machine ?? null,
      machine_name: e.machine ? (machines.get(e.machine) ?? '') : '',
      shift_id: e.shift?.id ?? null,
      till_ledger_id: e.kind === 'payout' ? tillIds.get(e.request)! : null,
      remark: '',
      user_id: e.user.id,
      user_name: e.user.name,
      request_id: e.request,
      at: iso(e.at),
    };
  });
  await insertRecords(
    tx,
    'tip_ledger',
    `id bigint, netbar_id int, staff_user_id int, staff_name text, kind text, amount_fen bigint, tipped_after bigint, paid_after bigint,
     source text, member_id int, member_ledger_id bigint, machine_id int, machine_name text, shift_id bigint, till_ledger_id bigint,
     remark text, user_id int, user_name text, request_id text, at timestamptz`,
    ledger,
  );
  await insertRecords(
    tx,
    'tip_balances',
    'netbar_id int, staff_user_id int, tipped_fen bigint, paid_fen bigint, tips int, last_ledger_id bigint',
    [...totals].map(([id, t]) => ({
      netbar_id: nid,
      staff_user_id: id,
      tipped_fen: t.tipped,
      paid_fen: t.paid,
      tips: t.tips,
      last_ledger_id: t.last,
    })),
  );
}
