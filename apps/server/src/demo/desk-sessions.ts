import { billedMinutes, deskBill } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { type Conn, rows } from '../db/client.ts';
import { bj, drawIds, insertRecords, insertTill, iso, tillRow } from './demo-rows.ts';
import { prng } from './member.ts';
import { type DemoOrder, insertOrders, orderTotal } from './order-rows.ts';
import type { DemoShifts } from './shift.ts';
import type { DemoShop } from './shop.ts';

/**
 * The flagship's rooms and tables over the demo's past days (issue 13 item 7, decisions 130 and 138),
 * written row for row as openDesk / settleDesk write them: walk-ins and bookings seated (the booking
 * 'seated' when the table opened), some bookings not kept (未到店) or cancelled, every session settled
 * the same evening with its bill (time fee, 低消补足) and one till row kind 'desk' (ref the session number,
 * remark `<desk> <minutes>分钟`) in the shift on duty, cash or scan. Most tables order goods
 * (drinks, noodles, snacks: orders source 'table' with the desk, ordered during the session and paid with
 * the settlement in its method, then 完成, linked in desk_session_orders; the goods count toward 低消).
 * Nothing today (today's board is the demo's desk.ts: free desks and the coming week's bookings). Fixed
 * seed; called by the order demo before the shifts are closed, after deskDemo made the desks.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const CST = 8 * HOUR;
const DAY = 24 * HOUR;

const PEOPLE: [string, string][] = [
  ['黄先生', '13712340011'],
  ['林女士', '13712340012'],
  ['何先生', '13712340013'],
  ['高同学', '13712340014'],
  ['罗先生', '13712340015'],
  ['梁女士', '13712340016'],
  ['宋先生', '13712340017'],
];
const CANCELS = ['临时有事，改天再来', '人没约齐'];

interface Desk {
  id: number;
  name: string;
  kind: 'room' | 'table';
  capacity: number;
  hourly_fen: number;
  min_spend_fen: number;
}

/** The bill as settleDesk works it out at `close`, with `goods` ordered to the table. */
const billOf = (desk: Desk, open: number, close: number, goods = 0) =>
  deskBill({
    minutes: billedMinutes(open, close),
    hourly_fen: desk.hourly_fen,
    min_spend_fen: desk.min_spend_fen,
    goods_fen: goods,
  });

/**
 * Goods ordered to a table during its session: 0–2 orders of drinks and snacks the counter holds at the
 * settlement (when the goods leave it), paid then in the settlement's method, by the settling cashier.
 */
function tableOrders(
  shop: DemoShop | undefined,
  rnd: () => number,
  p: { desk: Desk; open: number; close: number },
  shift: DemoOrder['shift'],
  method: 'cash' | 'scan',
): Omit<DemoOrder, 'id'>[] {
  if (!shop || rnd() < 0.4) return [];
  const out: Omit<DemoOrder, 'id'>[] = [];
  for (let n = 1 + Math.floor(rnd() * 2); n > 0; n--) {
    const at = p.open + Math.floor(((0.1 + rnd() * 0.8) * (p.close - p.open)) / 1000) * 1000;
    const lines = shop.cart(rnd, p.close, false, 20_000, true);
    if (!lines.length) continue;
    const total = orderTotal({ lines });
    out.push({
      at,
      paidAt: p.close,
      source: 'table',
      desk: p.desk.id,
      shift,
      member: null,
      machine: null,
      lines,
      pays: [{ method, amount: total, tendered: total }],
    });
  }
  return out;
}

export async function deskSessionDemo(
  tx: Conn,
  nid: number,
  shifts: DemoShifts,
  now: number,
  shop?: DemoShop,
) {
  const desks = await rows<Desk>(
    tx,
    sql`select id, name, kind, capacity, hourly_fen, min_spend_fen from desks
        where netbar_id = ${nid} and enabled and not deleted order by id`,
  );
  const first = shifts.list[0];
  if (!desks.length || !first) return;
  const rnd = prng(nid * 31_337 + 138);
  // the tables' goods from a seed of their own, so the sessions stay as they were drawn
  const goodsRnd = prng(nid * 7_919 + 130);
  const orders: Omit<DemoOrder, 'id'>[] = [];
  const links: { session: number; order: number; at: number }[] = [];
  const today = Math.floor((now + CST) / DAY) * DAY - CST;
  const sessions: Record<string, unknown>[] = [];
  const bookings: Record<string, unknown>[] = [];
  const till: Record<string, unknown>[] = [];
  const plan: { desk: Desk; open: number; close: number; booked: number | null; who: [string, string] }[] =
    [];
  const misses: { desk: Desk; start: number; hours: number; status: string; who: [string, string] }[] = [];
  for (let day = Math.ceil((first.start - today) / DAY) + 1; day < 0; day++) {
    const busy = new Map<number, number>();
    for (let n = Math.floor(rnd() * 4); n > 0; n--) {
      const desk = desks[Math.floor(rnd() * desks.length)]!;
      const hour = desk.kind === 'room' ? 13 + Math.floor(rnd() * 8) : 12 + Math.floor(rnd() * 8);
      const start = today + day * DAY + hour * HOUR;
      const hours = 1 + Math.floor(rnd() * 4);
      const who = PEOPLE[Math.floor(rnd() * PEOPLE.length)]!;
      const booked = rnd() < 0.4;
      const open = start + (booked ? Math.floor(rnd() * 15) : Math.floor(rnd() * 50)) * MIN;
      let close = Math.min(
        open + hours * HOUR + Math.floor((rnd() - 0.3) * 40) * MIN,
        today + (day + 1) * DAY - 5 * MIN,
      );
      // a bill the drawer can hold: the desk fee in whole 角 (the smallest face counted at the handover),
      // with goods ordered or not (time fee and 低消 both in whole 角; the goods are)
      while (billOf(desk, open, close).time_fee_fen % 10 !== 0 || desk.min_spend_fen % 10 !== 0) {
        if (close > today + (day + 1) * DAY) break;
        close += MIN;
      }
      if (close > today + (day + 1) * DAY - MIN) continue;
      if ((busy.get(desk.id) ?? 0) > start || !shifts.at(open) || !shifts.at(close)) continue;
      busy.set(desk.id, close + 30 * MIN);
      if (booked && rnd() < 0.2) {
        misses.push({ desk, start, hours, status: rnd() < 0.5 ? 'no_show' : 'cancelled', who });
        continue;
      }
      plan.push({ desk, open, close, booked: booked ? hours : null, who });
    }
  }
  const ids = await drawIds(tx, 'desk_sessions_id_seq', plan.length);
  const bookingIds = await drawIds(
    tx,
    'desk_bookings_id_seq',
    plan.filter((p) => p.booked).length + misses.length,
  );
  let b = 0;
  const booking = (
    desk: Desk,
    start: number,
    hours: number,
    who: [string, string],
    status: string,
    ended: number,
    reason = '',
  ) => {
    const id = bookingIds[b++]!;
    bookings.push({
      id,
      netbar_id: nid,
      desk_id: desk.id,
      customer_name: who[0],
      mobile: who[1],
      start_at: iso(start),
      end_at: iso(start + hours * HOUR),
      status,
      remark: '',
      cancel_reason: reason,
      created_by: '前台',
      created_at: iso(start - DAY + 3 * HOUR),
      ended_at: iso(ended),
      request_id: `demo-desk-past-${id}`,
    });
    return id;
  };
  for (const m of misses)
    booking(
      m.desk,
      m.start,
      m.hours,
      m.who,
      m.status,
      m.status === 'no_show' ? m.start + 30 * MIN : m.start - 4 * HOUR,
      m.status === 'cancelled' ? CANCELS[Math.floor(rnd() * CANCELS.length)]! : '',
    );
  plan.forEach((p, k) => {
    const id = ids[k]!;
    const opener = shifts.at(p.open)!;
    const settler = shifts.at(p.close)!;
    const bookingId = p.booked
      ? booking(p.desk, Math.floor(p.open / HOUR) * HOUR, p.booked, p.who, 'seated', p.open)
      : null;
    const no = `ZT${bj(p.open)}${String(id % 100_000).padStart(5, '0')}`;
    const method = rnd() < 0.7 ? 'cash' : 'scan';
    const goods = tableOrders(shop, goodsRnd, p, settler, method);
    for (const o of goods) links.push({ session: id, order: orders.push(o) - 1, at: o.at });
    const bill = billOf(
      p.desk,
      p.open,
      p.close,
      goods.reduce((a, o) => a + orderTotal(o), 0),
    );
    const rid = `demo-desk-settle-${id}`;
    sessions.push({
      id,
      netbar_id: nid,
      session_no: no,
      desk_id: p.desk.id,
      booking_id: bookingId,
      customer_name: p.who[0],
      mobile: p.who[1],
      guests: Math.min(p.desk.capacity, 2 + Math.floor(rnd() * 5)),
      status: 'settled',
      hourly_fen: p.desk.hourly_fen,
      min_spend_fen: p.desk.min_spend_fen,
      opened_at: iso(p.open),
      opened_by_id: opener.cashier.id,
      opened_by: opener.cashier.name,
      closed_at: iso(p.close),
      cashier_id: settler.cashier.id,
      cashier_name: settler.cashier.name,
      minutes: bill.minutes,
      time_fee_fen: bill.time_fee_fen,
      min_topup_fen: bill.min_topup_fen,
      goods_fen: bill.goods_fen,
      total_fen: bill.total_fen,
      pay_method: method,
      shift_id: bill.desk_fee_fen > 0 ? settler.id : null,
      request_id: `demo-desk-open-${id}`,
      settle_request_id: rid,
    });
    if (bill.desk_fee_fen > 0)
      till.push(
        tillRow(
          nid,
          settler,
          'desk',
          method,
          bill.desk_fee_fen,
          null,
          'desk',
          no,
          `${p.desk.name} ${bill.minutes}分钟`,
          rid,
          1,
          p.close,
        ),
      );
  });
  await insertRecords(
    tx,
    'desk_bookings',
    `id bigint, netbar_id int, desk_id int, customer_name text, mobile text, start_at timestamptz, end_at timestamptz,
     status text, remark text, cancel_reason text, created_by text, created_at timestamptz, ended_at timestamptz, request_id text`,
    bookings,
  );
  await insertRecords(
    tx,
    'desk_sessions',
    `id bigint, netbar_id int, session_no text, desk_id int, booking_id bigint, customer_name text, mobile text, guests int,
     status text, hourly_fen int, min_spend_fen int, opened_at timestamptz, opened_by_id int, opened_by text,
     closed_at timestamptz, cashier_id int, cashier_name text, minutes int, time_fee_fen bigint, min_topup_fen bigint,
     goods_fen bigint, total_fen bigint, pay_method text, shift_id bigint, request_id text, settle_request_id text`,
    sessions,
  );
  await insertTill(tx, till);
  const orderIds = await drawIds(tx, 'orders_id_seq', orders.length);
  await insertOrders(
    tx,
    nid,
    orders.map((o, k) => ({ ...o, id: orderIds[k]! })),
  );
  await insertRecords(
    tx,
    'desk_session_orders',
    'session_id bigint, order_id bigint, netbar_id int, created_at timestamptz',
    links.map((l) => ({
      session_id: l.session,
      order_id: orderIds[l.order],
      netbar_id: nid,
      created_at: iso(l.at),
    })),
  );
}
