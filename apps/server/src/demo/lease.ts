import { leaseFee, leaseSettlement } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';
import { bj, drawIds, insertRecords, insertTill, iso, tail, tillRow } from './demo-rows.ts';
import { prng } from './member.ts';
import { LEASE_ITEMS } from './member-leases.ts';
import type { DemoShift, DemoShifts } from './shift.ts';

/**
 * The flagship's equipment leasing over the demo's 90 days (issue 13 item 7, decisions 128 and 138),
 * written set-based row for row as rentOut / returnLease / loseLease write them: the lease, the item's
 * quantity ledger (租出, 归还, 丢失损坏 with 在库/租出 after each move in time order), and the till rows in
 * the shift on duty (押金 in at the rental; at the return the deposit back as lease_refund and the fee as
 * lease_fee, the part above the deposit as its own row). Walk-in customers leave cash; the rentals the
 * members paid from their balance are read back from the member ledger the member walk wrote
 * (demo/member-leases.ts) and booked with method member. A few rentals are out now, one of them overdue
 * since yesterday; one unit was lost and one damaged. Fixed seed; called by the order demo before the
 * shifts are closed.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;

const ITEMS = LEASE_ITEMS;
const PEOPLE: [string, string][] = [
  ['赵先生', '13812345601'],
  ['钱女士', '13812345602'],
  ['孙先生', '13812345603'],
  ['周同学', '13812345604'],
  ['吴先生', '13812345605'],
  ['郑女士', '13812345606'],
  ['冯同学', '13812345607'],
  ['卫先生', '13812345608'],
];

interface Rental {
  id: number;
  item: number;
  qty: number;
  at: number;
  expected: number;
  /** Closed at (returned or lost); null while out. */
  close: number | null;
  loss?: { kind: 'lost' | 'damaged'; reason: string };
  who: [string, string];
  /** A member's rental from the balance: the member, the lease id drawn for it, the request ids of its rows. */
  member?: { id: number; lease: number; rent: string; close: string };
}

/** The members' rentals the member walk booked: a deposit (consume) and its return (consume_refund). */
async function memberRentals(tx: Conn, nid: number): Promise<Omit<Rental, 'id'>[]> {
  const r = await rows<{
    member_id: number;
    name: string;
    rent: string;
    at: string;
    close: string | null;
    back: string | null;
  }>(
    tx,
    sql`select l.member_id::int, m.name, substr(l.request_id, 12) as rent, (extract(epoch from l.at) * 1000)::text as at,
          substr(c.request_id, 13) as close, (extract(epoch from c.at) * 1000)::text as back
        from member_ledger l join members m on m.id = l.member_id
          left join member_ledger c on c.netbar_id = l.netbar_id and c.member_id = l.member_id and c.kind = 'consume_refund'
            and c.request_id = 'lease-close-demo-ml-close-' || split_part(l.request_id, '-', 6)
        where l.netbar_id = ${nid} and l.kind = 'consume' and l.request_id like 'lease-rent-demo-ml-%'
        order by l.at, l.id`,
  );
  return r.map((x) => ({
    item: Number(x.rent.split('-')[2]),
    qty: 1,
    at: Number(x.at),
    expected: Number(x.back ?? x.at),
    close: x.back === null ? null : Number(x.back),
    who: [x.name, ''],
    member: {
      id: Number(x.member_id),
      lease: Number(x.rent.split('-')[3]),
      rent: x.rent,
      close: x.close ?? '',
    },
  }));
}

/** Units of an item out (or lost) at `at`. */
const outAt = (rs: Omit<Rental, 'id'>[], item: number, at: number) =>
  rs
    .filter((r) => r.item === item && r.at <= at && (r.close === null || r.close > at || r.loss))
    .reduce((a, r) => a + r.qty, 0);

/** Whether `r` fits: at its start and at every later rental's start while it is out, units remain. */
function fits(rs: Omit<Rental, 'id'>[], r: Omit<Rental, 'id'>): boolean {
  const stop = r.loss || r.close === null ? Number.POSITIVE_INFINITY : r.close;
  const points = [
    r.at,
    ...rs.filter((x) => x.item === r.item && x.at > r.at && x.at < stop).map((x) => x.at),
  ];
  return points.every((t) => outAt(rs, r.item, t) + r.qty <= ITEMS[r.item]![4]);
}

const LOSSES: Rental['loss'][] = [
  { kind: 'lost', reason: '客人离店未归还，联系不上' },
  { kind: 'damaged', reason: '线材被扯断，无法修复' },
];

/** The rentals in time order, each taken only when enough units are in the store all the while it is out. */
function plan(
  shifts: DemoShifts,
  end: number,
  now: number,
  members: Omit<Rental, 'id'>[],
): Omit<Rental, 'id'>[] {
  const rnd = prng(20_251_300 + 138);
  const out: Omit<Rental, 'id'>[] = [];
  // yesterday afternoon's rental still out (已逾期), placed first
  const overdueAt = Math.floor((now - 20 * HOUR) / 1000) * 1000;
  if (shifts.at(overdueAt))
    out.push({
      item: 1,
      qty: 1,
      at: overdueAt,
      expected: overdueAt + 3 * HOUR,
      close: null,
      who: PEOPLE[2]!,
    });
  // the members' rentals are on their ledgers already: the walk-ins fit around them
  out.push(...members);
  let losses = 0;
  for (const [k, s] of shifts.list.entries()) {
    const stop = s.end ?? end;
    for (let n = Math.floor(rnd() * 3); n > 0; n--) {
      const at = Math.floor((s.start + 30 * MIN + rnd() * (stop - s.start - 2 * HOUR)) / 1000) * 1000;
      const item = Math.floor(rnd() * ITEMS.length);
      const qty = rnd() < 0.15 && item !== 4 ? 2 : 1;
      const hours = 1 + Math.floor(rnd() * 5);
      const back = at + hours * HOUR + Math.floor((rnd() - 0.6) * 50) * MIN;
      if (at >= end) continue;
      const r: Omit<Rental, 'id'> = {
        item,
        qty,
        at,
        expected: at + hours * HOUR,
        close: back < end ? back : null,
        who: PEOPLE[Math.floor(rnd() * PEOPLE.length)]!,
      };
      // 丢失 about a third of the way through the 90 days, 损坏 at two thirds
      if (r.close !== null && item !== 4 && losses < 2 && k > (shifts.list.length * (losses + 1)) / 3)
        r.loss = LOSSES[losses];
      if (!fits(out, r)) continue;
      if (r.loss) losses++;
      out.push(r);
    }
  }
  return out.sort((a, b) => a.at - b.at);
}

export async function leaseDemo(tx: Conn, nid: number, shifts: DemoShifts, now: number): Promise<void> {
  const first = shifts.list[0];
  const last = shifts.list[shifts.list.length - 1];
  if (!first || !last) return;
  const end = last.end ?? now - 5 * MIN;
  const itemIds = await drawIds(tx, 'lease_items_id_seq', ITEMS.length);
  await insertRecords(
    tx,
    'lease_items',
    `id int, netbar_id int, name text, deposit_fen bigint, price_fen bigint, price_unit text, qty_on_hand int, qty_out int,
     remark text, created_at timestamptz, updated_at timestamptz`,
    ITEMS.map(([name, deposit, price, unit, , remark], k) => ({
      id: itemIds[k],
      netbar_id: nid,
      name,
      deposit_fen: deposit,
      price_fen: price,
      price_unit: unit,
      qty_on_hand: 0,
      qty_out: 0,
      remark,
      created_at: iso(first.start),
      updated_at: iso(first.start),
    })),
  );
  const rentals = plan(shifts, end, now, await memberRentals(tx, nid));
  // the members' leases have their ids (drawn by the member demo), the others are drawn here
  const drawn = await drawIds(tx, 'lease_orders_id_seq', rentals.filter((r) => !r.member).length);
  let d = 0;
  const ids = rentals.map((r) => r.member?.lease ?? drawn[d++]!);
  const leases: Record<string, unknown>[] = [];
  const moves: { item: number; at: number; order: number; row: Record<string, unknown> }[] = [];
  const till: Record<string, unknown>[] = [];
  const move = (
    item: number,
    at: number,
    order: number,
    kind: string,
    hand: number,
    out: number,
    by: DemoShift,
    rest: Record<string, unknown>,
  ) =>
    moves.push({
      item,
      at,
      order,
      row: {
        netbar_id: nid,
        item_id: itemIds[item],
        kind,
        hand_delta: hand,
        out_delta: out,
        user_id: by.cashier.id,
        user_name: by.cashier.name,
        at: iso(at),
        lease_id: null,
        reason: '',
        ...rest,
      },
    });
  for (const [k, [, , , , qty]] of ITEMS.entries())
    move(k, first.start, 0, 'in', qty, 0, first, {
      reason: '新增物品初始数量',
      request_id: `lease-item-${itemIds[k]}`,
    });
  rentals.forEach((r, k) => {
    const id = ids[k]!;
    const [name, deposit, price, unit] = ITEMS[r.item]!;
    const rent = shifts.at(r.at)!;
    const no = `ZL${bj(r.at).slice(0, 8)}${tail(id)}`;
    const rid = r.member?.rent ?? `demo-lease-${id}`;
    const method = r.member ? 'member' : 'cash';
    const dep = deposit * r.qty;
    till.push(
      tillRow(nid, rent, 'lease_deposit', method, dep, null, 'lease', no, '', `lease-rent-${rid}`, 1, r.at),
    );
    move(r.item, r.at, 2, 'rent', -r.qty, r.qty, rent, { lease_id: id, request_id: `lease-rent-${rid}` });
    const row: Record<string, unknown> = {
      id,
      netbar_id: nid,
      lease_no: no,
      item_id: itemIds[r.item],
      item_name: name,
      qty: r.qty,
      price_fen: price,
      price_unit: unit,
      deposit_fen: dep,
      pay_method: method,
      member_id: r.member?.id ?? null,
      customer_name: r.who[0],
      customer_phone: r.who[1],
      status: 'renting',
      rented_at: iso(r.at),
      expected_return_at: iso(r.expected),
      cashier_id: rent.cashier.id,
      cashier_name: rent.cashier.name,
      request_id: rid,
    };
    leases.push(row);
    if (r.close === null) return;
    const back = shifts.at(r.close)!;
    const crid = r.member?.close ?? `demo-lease-close-${id}`;
    const fee = r.loss
      ? { minutes: Math.floor((r.close - r.at) / MIN), fee_fen: dep }
      : leaseFee({ price_fen: price, price_unit: unit }, r.qty, r.at, r.close);
    const money = leaseSettlement(dep, fee.fee_fen);
    const closeRid = `lease-close-${crid}`;
    till.push(tillRow(nid, back, 'lease_refund', method, -dep, null, 'lease', no, '', closeRid, 1, r.close));
    const kept = fee.fee_fen - money.extra_fen;
    if (kept > 0)
      till.push(tillRow(nid, back, 'lease_fee', method, kept, null, 'lease', no, '', closeRid, 2, r.close));
    if (money.extra_fen > 0)
      till.push(
        tillRow(nid, back, 'lease_fee', 'cash', money.extra_fen, null, 'lease', no, '', closeRid, 3, r.close),
      );
    if (r.loss)
      move(r.item, r.close, 1, 'lost', 0, -r.qty, back, {
        lease_id: id,
        reason: r.loss.reason,
        request_id: closeRid,
      });
    else move(r.item, r.close, 1, 'return', r.qty, -r.qty, back, { lease_id: id, request_id: closeRid });
    Object.assign(row, {
      status: r.loss ? 'lost' : 'returned',
      loss_kind: r.loss?.kind ?? null,
      closed_at: iso(r.close),
      minutes: fee.minutes,
      fee_fen: fee.fee_fen,
      refund_fen: money.refund_fen,
      extra_fen: money.extra_fen,
      extra_method: money.extra_fen > 0 ? 'cash' : null,
      closed_by: back.cashier.name,
      close_remark: r.loss?.reason ?? '',
      close_request_id: crid,
    });
  });
  await insertRecords(
    tx,
    'lease_orders',
    `id bigint, netbar_id int, lease_no text, item_id int, item_name text, qty int, price_fen bigint, price_unit text,
     deposit_fen bigint, pay_method text, member_id int, customer_name text, customer_phone text, status text, loss_kind text,
     rented_at timestamptz, expected_return_at timestamptz, closed_at timestamptz, minutes int, fee_fen bigint,
     refund_fen bigint, extra_fen bigint, extra_method text, cashier_id int, cashier_name text, closed_by text,
     close_remark text, request_id text, close_request_id text`,
    leases.map((l) => ({
      closed_by: '',
      close_remark: '',
      minutes: 0,
      fee_fen: 0,
      refund_fen: 0,
      extra_fen: 0,
      ...l,
    })),
  );
  // 在库/租出 after each move, per item in time order (returns before rentals of the same instant)
  moves.sort((a, b) => a.item - b.item || a.at - b.at || a.order - b.order);
  const level = new Map<number, { hand: number; out: number }>();
  for (const m of moves) {
    const l = level.get(m.item) ?? { hand: 0, out: 0 };
    l.hand += Number(m.row.hand_delta);
    l.out += Number(m.row.out_delta);
    level.set(m.item, l);
    Object.assign(m.row, { hand_after: l.hand, out_after: l.out });
  }
  await insertRecords(
    tx,
    'lease_stock_ledger',
    `netbar_id int, item_id int, kind text, hand_delta int, hand_after int, out_delta int, out_after int, lease_id bigint,
     reason text, user_id int, user_name text, request_id text, at timestamptz`,
    moves.map((m) => m.row).sort((a, b) => String(a.at).localeCompare(String(b.at))),
  );
  await rows(
    tx,
    sql`update lease_items i set qty_on_hand = x.hand, qty_out = x.out
        from jsonb_to_recordset(${JSON.stringify(itemIds.map((id, k) => ({ id, ...(level.get(k) ?? { hand: 0, out: 0 }) })))}::jsonb)
          as x(id int, hand int, out int)
        where i.id = x.id and i.netbar_id = ${nid}`,
  );
  await insertTill(tx, till);
}
