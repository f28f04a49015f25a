import { chargeMinutes, type RateRules } from '@netbar/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

/** The demo (demo/session.ts): plans with a night package and 90 days of plausible sessions. */

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
      charged_fen: string;
    }>(
      t.database.db,
      sql`select rules, (extract(epoch from started_at) * 1000)::float8 as start_ms, billed_minutes, charged_fen
          from online_sessions where started_by = '演示数据' order by id limit 200`,
    );
    for (const s of sample)
      expect(chargeMinutes(s.rules, s.start_ms, s.billed_minutes).total_fen).toBe(Number(s.charged_fen));
  });
});
