import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { shiftMismatches } from '../modules/shift/index.ts';
import { tipBookMismatches } from '../modules/tip/index.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { expectMemberLedgerMatches } from '../test/kit.ts';

/** The flagship's 90 days of tips and weekly payouts (decision 148): member ledger, tip ledger and till agree. */

let t: TestApp;
let nid: number;
const q = <T>(s: ReturnType<typeof sql>) => rows<T>(t.database.db, s);
beforeAll(async () => {
  t = await createTestApp();
  nid = (await q<{ id: number }>(sql`select id from netbars where name = '星际网咖旗舰店'`))[0]!.id;
});
afterAll(() => t.close());

describe('demo tips', () => {
  it('has tips from PCs and the counter to several staff over ~90 days, weekly payouts and an unpaid last week', async () => {
    const [f] = await q<Record<string, number>>(
      sql`select count(*) filter (where kind = 'tip' and source = 'terminal')::int as terminal,
            count(*) filter (where kind = 'tip' and source = 'counter')::int as counter,
            count(distinct staff_user_id)::int as staff,
            count(*) filter (where kind = 'payout')::int as payouts,
            (extract(epoch from now() - min(at)) / 86400)::int as days,
            (select sum(tipped_fen - paid_fen)::int from tip_balances where netbar_id = ${nid}) as unpaid
          from tip_ledger where netbar_id = ${nid}`,
    );
    expect(f!.terminal).toBeGreaterThan(20);
    expect(f!.counter).toBeGreaterThan(10);
    expect(f!.staff).toBeGreaterThanOrEqual(2);
    expect(f!.payouts).toBeGreaterThan(8);
    expect(f!.days).toBeGreaterThanOrEqual(80);
    expect(f!.unpaid).toBeGreaterThan(0);
    // 极速网吧 has no staff: no tips; the chain's 二店 and 三店 (their own members, issue 15) tip their staff
    const by = await q<{ name: string; n: number }>(
      sql`select n.name, count(t.id)::int as n from netbars n left join tip_ledger t on t.netbar_id = n.id
          where n.name in ('极速网吧', '星际网咖二店', '星际网咖三店') group by n.name order by n.name`,
    );
    expect(Object.fromEntries(by.map((r) => [r.name, r.n > 0]))).toEqual({
      极速网吧: false,
      星际网咖二店: true,
      星际网咖三店: true,
    });
  });

  it('every tip is a member ledger 打赏 row from 本金, every payout a 支出 「打赏发放」 in a closed shift; books balance', async () => {
    expect(await tipBookMismatches(t.database.db)).toEqual([]);
    expect(await shiftMismatches(t.database.db)).toEqual([]);
    await expectMemberLedgerMatches(t);
    const [x] = await q<{ payouts: number; till: number; open: number; machines: number }>(
      sql`select (select coalesce(sum(-amount_fen), 0)::int from tip_ledger where netbar_id = ${nid} and kind = 'payout') as payouts,
            (select coalesce(sum(-amount_fen), 0)::int from till_ledger where netbar_id = ${nid} and remark = '打赏发放') as till,
            (select count(*)::int from tip_ledger t join shifts s on s.id = t.shift_id where t.netbar_id = ${nid} and s.status <> 'closed') as open,
            (select count(*)::int from tip_ledger where netbar_id = ${nid} and source = 'terminal' and machine_name = '') as machines`,
    );
    expect(x!.payouts).toBeGreaterThan(0);
    expect(x!.till).toBe(x!.payouts);
    expect([x!.open, x!.machines]).toEqual([0, 0]);
  });
});
