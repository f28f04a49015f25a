import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * 享受会员价 in the demo (decision 188): 普通会员 has it off, the levels above on. A member's demo orders
 * are at 会员价 exactly when the level they held at the order's time had it — the level a member reaches
 * by the top-ups made before the order (demo/member-walk.ts), not today's: a member now 黄金会员 paid
 * list prices while still 普通会员.
 */

let t: TestApp;
const q = <T>(s: ReturnType<typeof sql>) => rows<T>(t.database.db, s);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('demo member price', () => {
  it('普通会员 lacks 享受会员价 in every pool, the higher levels have it', async () => {
    const lv = await q<{ name: string; on: boolean; pools: number }>(
      sql`select name, member_price as on, count(*)::int as pools from member_levels
          where name in ('普通会员', '黄金会员', '白金会员', '钻石会员') group by 1, 2 order by min(threshold_fen)`,
    );
    expect(lv.map((l) => [l.name, l.on])).toEqual([
      ['普通会员', false],
      ['黄金会员', true],
      ['白金会员', true],
      ['钻石会员', true],
    ]);
  });

  it("prices each member's goods by the level they held at the order's time", async () => {
    const r = await q<{ held: boolean; today: boolean; at_member: boolean; n: number }>(
      sql`with x as (
            select l.list_fen, k.price_fen, k.member_price_fen, cl.member_price as today,
              (select lv.member_price from member_levels lv where lv.pool_id = m.pool_id
                 and lv.threshold_fen <= (select coalesce(sum(g.paid_fen), 0) from member_ledger g
                                          where g.member_id = m.id and g.kind = 'topup' and g.at <= o.created_at)
               order by lv.threshold_fen desc limit 1) as held
            from orders o join order_lines l on l.order_id = o.id join goods_skus k on k.id = l.sku_id
              join members m on m.id = o.member_id left join member_levels cl on cl.id = m.level_id
            where k.member_price_fen < k.price_fen)
          select held, today, list_fen = member_price_fen as at_member, count(*)::int as n from x
          where list_fen = case when held then member_price_fen else price_fen end
          group by 1, 2, 3
          union all
          select null, null, null, count(*)::int from x
          where list_fen <> case when held then member_price_fen else price_fen end`,
    );
    const n = (held: boolean | null, today: boolean | null) =>
      r.find((x) => x.held === held && x.today === today)?.n ?? 0;
    // nothing priced otherwise
    expect(n(null, null)).toBe(0);
    // at 会员价 with the flag, at the list price without it — also for members who have it today
    expect(r.every((x) => x.held === null || x.at_member === x.held)).toBe(true);
    expect(n(true, true)).toBeGreaterThan(100);
    expect(n(false, false)).toBeGreaterThan(50);
    expect(n(false, true)).toBeGreaterThan(50);
  });
});
