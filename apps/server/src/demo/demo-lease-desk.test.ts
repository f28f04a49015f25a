import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { leaseBookMismatches } from '../modules/lease/lease-books.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** The flagship's leases and rooms/tables in the demo (issue 13 item 7, decision 138): books and till agree. */

let t: TestApp;
let nid: number;
const q = <T>(s: ReturnType<typeof sql>) => rows<T>(t.database.db, s);
beforeAll(async () => {
  t = await createTestApp();
  nid = (await q<{ id: number }>(sql`select id from netbars where name = '星际网咖旗舰店'`))[0]!.id;
});
afterAll(() => t.close());

describe('demo leases', () => {
  it('has items, 90 days of rentals returned with fees, one lost and one damaged, and rentals out, one overdue', async () => {
    const [f] = await q<Record<string, number>>(
      sql`select (select count(*)::int from lease_items where netbar_id = ${nid}) as items,
            count(*) filter (where status = 'returned' and fee_fen > 0)::int as returned,
            count(*) filter (where loss_kind = 'lost')::int as lost,
            count(*) filter (where loss_kind = 'damaged')::int as damaged,
            count(*) filter (where status = 'renting')::int as out,
            count(*) filter (where status = 'renting' and expected_return_at < now())::int as overdue,
            count(*) filter (where extra_fen > 0)::int as extra,
            (extract(epoch from now() - min(rented_at)) / 86400)::int as days
          from lease_orders where netbar_id = ${nid}`,
    );
    expect(f!.items).toBe(5);
    expect(f!.returned).toBeGreaterThan(50);
    expect([f!.lost, f!.damaged]).toEqual([1, 1]);
    expect(f!.out).toBeGreaterThanOrEqual(1);
    expect(f!.overdue).toBeGreaterThanOrEqual(1);
    expect(f!.days).toBeGreaterThanOrEqual(85);
  });

  it('item quantities = their ledger (in time order, never below 0), leases out = 租出, till = deposit or fee, member deposits on the member ledger', async () => {
    expect(await leaseBookMismatches(t.database.db)).toEqual({ items: [], till: [] });
    const chain = await q<{ id: number }>(
      sql`select id::int from (select id, hand_after, out_after, sum(hand_delta) over w as h, sum(out_delta) over w as o
            from lease_stock_ledger where netbar_id = ${nid} window w as (partition by item_id order by at, id)) x
          where hand_after <> h or out_after <> o or h < 0 or o < 0`,
    );
    expect(chain).toEqual([]);
    // some deposits came from a member's balance: the member ledger took the deposit and gave back the refund
    const member = await q<{ n: number; bad: number }>(
      sql`select count(*)::int as n, count(*) filter (where c.id is null or -(c.principal_delta + c.bonus_delta) <> o.deposit_fen
              or c.shift_id <> t.shift_id or c.member_id <> o.member_id
              or (o.status = 'returned' and (r.id is null or r.principal_delta + r.bonus_delta <> o.refund_fen
                  or r.remark <> '租赁押金退还 ' || o.lease_no)))::int as bad
          from lease_orders o
            join till_ledger t on t.netbar_id = o.netbar_id and t.request_id = 'lease-rent-' || o.request_id and t.kind = 'lease_deposit'
            left join member_ledger c on c.netbar_id = o.netbar_id and c.kind = 'consume' and c.request_id = 'lease-rent-' || o.request_id
            left join member_ledger r on r.netbar_id = o.netbar_id and r.kind = 'consume_refund' and r.request_id = 'lease-close-' || o.close_request_id
          where o.netbar_id = ${nid} and o.pay_method = 'member' and t.method = 'member'`,
    );
    expect(member[0]!.n).toBeGreaterThan(5);
    expect(member[0]!.bad).toBe(0);
    // each lease's money lies in the shift on duty at its rental or its return, by that shift's cashier
    const stray = await q<{ lease_no: string }>(
      sql`select o.lease_no from lease_orders o join till_ledger t on t.netbar_id = o.netbar_id and t.ref_type = 'lease' and t.ref_no = o.lease_no
            join shifts s on s.id = t.shift_id
          where o.netbar_id = ${nid} and (t.at <> case when t.kind = 'lease_deposit' then o.rented_at else o.closed_at end
            or t.at < s.opened_at or t.at >= coalesce(s.closed_at, 'infinity') or t.user_id <> s.cashier_id)`,
    );
    expect(stray).toEqual([]);
  });
});

describe('demo rooms and tables', () => {
  it('has past sessions settled (some from bookings), bookings not kept, and nothing today', async () => {
    const [f] = await q<Record<string, number>>(
      sql`select count(*) filter (where status = 'settled')::int as settled,
            count(*) filter (where booking_id is not null)::int as booked,
            count(*) filter (where min_topup_fen > 0)::int as topup,
            count(distinct pay_method)::int as methods,
            count(*) filter (where goods_fen > 0)::int as goods,
            (select count(*)::int from orders o where o.netbar_id = ${nid} and o.source = 'table') as table_orders,
            count(*) filter (where opened_at >= date_trunc('day', now() at time zone 'Asia/Shanghai') at time zone 'Asia/Shanghai')::int as today,
            (select count(*)::int from desk_bookings b where b.netbar_id = ${nid} and b.status in ('no_show', 'cancelled')) as missed
          from desk_sessions where netbar_id = ${nid}`,
    );
    expect(f!.settled).toBeGreaterThan(40);
    expect(f!.booked).toBeGreaterThan(5);
    expect(f!.topup).toBeGreaterThan(0);
    expect(f!.methods).toBe(2);
    // more than half the tables ordered goods: orders source 'table', paid with the settlement
    expect(f!.goods).toBeGreaterThan(5);
    expect(f!.table_orders).toBeGreaterThanOrEqual(f!.goods);
    expect(f!.today).toBe(0);
    expect(f!.missed).toBeGreaterThan(0);
  });

  it('every bill: total = time fee + 低消补足 + goods (its linked table orders, paid at the settlement), desk fee = its till row in its shift, bookings seated', async () => {
    const bad = await q<{ session_no: string; problem: string }>(
      sql`select s.session_no, 'till' as problem from desk_sessions s
            left join till_ledger t on t.netbar_id = s.netbar_id and t.ref_type = 'desk' and t.ref_no = s.session_no
          where s.netbar_id = ${nid} and s.status = 'settled'
          group by s.id
          having coalesce(sum(t.amount_fen), 0) <> s.time_fee_fen + s.min_topup_fen
            or bool_or(t.shift_id <> s.shift_id or t.kind <> 'desk' or t.method <> s.pay_method or t.at <> s.closed_at
                       or t.request_id <> s.settle_request_id)
          union all
          select s.session_no, 'bill' from desk_sessions s
          where s.netbar_id = ${nid} and s.status = 'settled' and (s.total_fen <> s.time_fee_fen + s.min_topup_fen + s.goods_fen
            or s.minutes <> ceil(extract(epoch from s.closed_at - s.opened_at) / 60)
            or s.time_fee_fen <> ceil(s.minutes * s.hourly_fen / 60.0)
            or s.min_topup_fen <> greatest(0, s.min_spend_fen - s.time_fee_fen - s.goods_fen))
          union all
          select s.session_no, 'booking' from desk_sessions s join desk_bookings b on b.id = s.booking_id
          where s.netbar_id = ${nid} and (b.status <> 'seated' or b.desk_id <> s.desk_id or b.ended_at <> s.opened_at)
          union all
          select s.session_no, 'goods' from desk_sessions s
            left join desk_session_orders l on l.session_id = s.id
            left join orders o on o.id = l.order_id and o.netbar_id = s.netbar_id
          where s.netbar_id = ${nid} and s.status = 'settled'
          group by s.id
          having coalesce(sum(o.total_fen), 0) <> s.goods_fen
            or bool_or(o.source <> 'table' or o.status <> 'done' or o.desk_id <> s.desk_id or o.paid_at <> s.closed_at
                       or o.created_at < s.opened_at or o.created_at > s.closed_at or o.cashier_id <> s.cashier_id)
          union all
          select s.session_no, 'shift' from desk_sessions s join shifts h on h.id = s.shift_id
          where s.netbar_id = ${nid} and (s.closed_at < h.opened_at or s.closed_at >= coalesce(h.closed_at, 'infinity')
            or s.cashier_id <> h.cashier_id)`,
    );
    expect(bad).toEqual([]);
  });
});
