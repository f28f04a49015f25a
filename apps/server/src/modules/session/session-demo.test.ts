import { chargeAfterFree, type RateRules } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

/**
 * The demo (demo/session.ts, demo/member-walk.ts): plans with a night package and 90 days of plausible
 * sessions, which are the only online spending: each one's charge is its 上网消费 ledger row.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('session demo data', () => {
  it('gives 星际网咖旗舰店 plans with a 通宵 package and sessions over about 90 days', async () => {
    const c = await t.as(DEMO.netbar);
    const plans = await c.get<{ list: { name: string; rules: RateRules }[] }>('/api/v1/rate_plan_list');
    expect(plans.data.list.map((p) => p.name)).toEqual(
      expect.arrayContaining(['全场标准', '电竞区', '包间']),
    );
    expect(plans.data.list.every((p) => p.rules.packages.some((k) => k.name === '通宵'))).toBe(true);
    const h = await c.get<{ count: number; list: { started_at: string }[] }>(
      '/api/v1/online_session_history',
      {
        page_size: 1,
      },
    );
    expect(h.data.count).toBeGreaterThan(1000);
    const span = await rows<{ days: number }>(
      t.database.db,
      sql`select extract(day from max(started_at) - min(started_at))::int as days from online_sessions where started_by = '演示数据'`,
    );
    expect(span[0]!.days).toBeGreaterThan(60);
  });

  it('never puts two sessions on one machine or one member at once, and bills each by the engine', async () => {
    const overlap = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from online_sessions a join online_sessions b on a.id < b.id
            and (a.machine_id = b.machine_id or a.member_id = b.member_id)
            and a.started_at < b.ended_at and b.started_at < a.ended_at
          where a.started_by = '演示数据' and b.started_by = '演示数据'`,
    );
    expect(overlap[0]!.n).toBe(0);
    const sample = await rows<{
      rules: RateRules;
      start_ms: number;
      billed_minutes: number;
      free_minutes: number;
      charged_fen: string;
    }>(
      t.database.db,
      sql`select rules, (extract(epoch from started_at) * 1000)::float8 as start_ms, billed_minutes, free_minutes, charged_fen
          from online_sessions where started_by = '演示数据' order by free_minutes desc, id limit 200`,
    );
    for (const s of sample)
      expect(chargeAfterFree(s.rules, s.start_ms, s.billed_minutes, s.free_minutes)).toBe(
        Number(s.charged_fen),
      );
  });

  it('per store, online spending is the sessions: charges = 上网消费 rows, balances = ledger sums, none negative', async () => {
    const stores = await rows<{ id: number; name: string }>(
      t.database.db,
      sql`select id, name from netbars where name in ('星际网咖旗舰店', '极速网吧') order by id`,
    );
    expect(stores).toHaveLength(2);
    for (const st of stores) {
      const [f] = await rows<{
        sessions: number;
        charged: string;
        online: string;
        unlinked: number;
        mismatched: number;
        off_ledger: number;
        negative: number;
      }>(
        t.database.db,
        sql`select
              (select count(*)::int from online_sessions where netbar_id = ${st.id}) as sessions,
              (select coalesce(sum(charged_fen), 0)::text from online_sessions where netbar_id = ${st.id}) as charged,
              (select coalesce(-sum(principal_delta + bonus_delta), 0)::text from member_ledger
                 where netbar_id = ${st.id} and kind = 'consume' and remark = '上网消费') as online,
              (select count(*)::int from member_ledger where netbar_id = ${st.id} and kind = 'consume'
                 and remark = '上网消费' and session_id is null) as unlinked,
              (select count(*)::int from online_sessions s left join (
                 select session_id, -sum(principal_delta + bonus_delta) as paid, -sum(minutes_delta) as used
                 from member_ledger where session_id is not null group by 1) l on l.session_id = s.id
               where s.netbar_id = ${st.id} and (s.charged_fen <> coalesce(l.paid, 0)
                 or s.free_minutes <> coalesce(l.used, 0))) as mismatched,
              (select count(*)::int from members m left join (
                 select member_id, sum(principal_delta) as p, sum(bonus_delta) as b, sum(points_delta) as pt,
                   sum(minutes_delta) as fm from member_ledger group by 1) l on l.member_id = m.id
               where m.netbar_id = ${st.id} and (m.principal_fen <> coalesce(l.p, 0) or m.bonus_fen <> coalesce(l.b, 0)
                 or m.points <> coalesce(l.pt, 0) or m.free_minutes <> coalesce(l.fm, 0))) as off_ledger,
              (select count(*)::int from members where netbar_id = ${st.id} and (principal_fen < 0 or bonus_fen < 0)) as negative`,
      );
      expect(f!.sessions, st.name).toBeGreaterThan(300);
      expect(Number(f!.charged), st.name).toBeGreaterThan(0);
      expect(Number(f!.charged), st.name).toBe(Number(f!.online));
      expect(
        {
          unlinked: f!.unlinked,
          mismatched: f!.mismatched,
          off_ledger: f!.off_ledger,
          negative: f!.negative,
        },
        st.name,
      ).toEqual({ unlinked: 0, mismatched: 0, off_ledger: 0, negative: 0 });
    }
  });

  it('has busy evenings, 通宵 nights and redeemed free minutes spent first', async () => {
    const [f] = await rows<{ evening: number; morning: number; nights: number; free: number }>(
      t.database.db,
      sql`select count(*) filter (where extract(hour from started_at at time zone 'Asia/Shanghai') between 18 and 23)::int as evening,
            count(*) filter (where extract(hour from started_at at time zone 'Asia/Shanghai') between 6 and 11)::int as morning,
            count(*) filter (where (rules->'packages'->0->>'price_fen')::int = charged_fen)::int as nights,
            count(*) filter (where free_minutes > 0)::int as free
          from online_sessions where started_by = '演示数据'`,
    );
    expect(f!.evening).toBeGreaterThan(3 * f!.morning);
    expect(f!.nights).toBeGreaterThan(50);
    expect(f!.free).toBeGreaterThan(0);
  });
});
