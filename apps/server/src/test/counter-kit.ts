import type { LevelRow, MemberRow } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rows } from '../db/client.ts';
import type { Client, TestApp } from './harness.ts';
import { rid } from './kit.ts';

/** Counter builders and invariants the order, desk and lease tests share: a member with money, the order books. */

let n = 0;
/**
 * A member of the owner's store with `fen` topped up (no bonus rule: 本金 only), on a level of its own
 * with 享受会员价 (`memberPrice`, default on) or without.
 */
export async function memberWith(owner: Client, fen: number, memberPrice = true) {
  const l = await owner.post<LevelRow>('/api/v1/member_level_save', {
    name: `订单等级${++n}`,
    threshold_fen: 0,
    rate_discount: 100,
    member_price: memberPrice ? 1 : 0,
    points_per_yuan: 0,
    bonus_rules: '[]',
    overdraft_fen: 0,
  });
  expect(l.status, l.msg).toBe(200);
  const m = await owner.post<MemberRow>('/api/v1/member_save', {
    card_kind: 2,
    card_no: `D${Date.now().toString().slice(-8)}${n}`,
    name: `顾客${n}`,
    level_id: l.data.id,
  });
  expect(m.status, m.msg).toBe(200);
  if (fen) {
    const r = await owner.post('/api/v1/member_topup', {
      member_id: m.data.id,
      amount_fen: fen,
      request_id: rid(),
    });
    expect(r.status, r.msg).toBe(200);
  }
  return m.data.id;
}

/**
 * The order invariants over the whole database: payments = paid, refunds = refunded ≤ paid, a paid
 * order's paid = total, lines add up (to the total plus its 抹零; their refunds to the refunded money plus
 * the refunds' 抹零, decision 143), and the till holds the same money per order.
 */
export async function expectOrdersBalance(t: TestApp) {
  const bad = await rows<{ id: number }>(
    t.database.db,
    sql`select o.id from orders o
        left join (select order_id, sum(amount_fen) a, sum(refunded_fen) r from order_payments group by 1) p on p.order_id = o.id
        left join (select order_id, sum(amount_fen) a, sum(round_fen) r from order_refunds group by 1) f on f.order_id = o.id
        left join (select order_id, sum(total_fen) tot, sum(refunded_fen) r from order_lines group by 1) l on l.order_id = o.id
        left join (select order_id, sum(amount_fen) a from till_ledger where order_id is not null group by 1) t on t.order_id = o.id
        where coalesce(p.a, 0) <> o.paid_fen or coalesce(f.a, 0) <> o.refunded_fen or coalesce(p.r, 0) <> o.refunded_fen
           or (o.paid_at is not null and o.paid_fen <> o.total_fen) or coalesce(l.tot, 0) <> o.total_fen + o.round_fen
           or coalesce(l.r, 0) <> o.refunded_fen + coalesce(f.r, 0) or coalesce(t.a, 0) <> o.paid_fen - o.refunded_fen`,
  );
  expect(bad, 'orders whose payments, refunds, lines or till rows do not add up').toEqual([]);
}
