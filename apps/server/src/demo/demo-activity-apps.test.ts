import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../db/client.ts';
import { activityBookMismatches } from '../modules/activity/index.ts';
import { createTestApp, DEMO, type TestApp } from '../test/harness.ts';
import { expectMemberLedgerMatches } from '../test/kit.ts';

/**
 * 星际网咖's marketing apps in the demo (decision 180): one running activity of each kind with claims over
 * the month through the engine, spent budget = Σ claims = the member ledger's prize rows, and each page's
 * list call answers them for the owner.
 */
let t: TestApp;
let nid: number;
const q = <T>(s: ReturnType<typeof sql>) => rows<T>(t.database.db, s);
beforeAll(async () => {
  t = await createTestApp();
  nid = (await q<{ id: number }>(sql`select id from netbars where name = '星际网咖旗舰店'`))[0]!.id;
});
afterAll(() => t.close());

describe('demo activity apps', () => {
  it('has a running activity of each kind with claims over several days, and a finished live draw with winners', async () => {
    const list = await q<{ kind: string; status: string; claims: number; spent: number; days: number }>(
      sql`select a.kind, a.status, a.claims, a.spent_fen::int as spent,
            (select count(distinct day)::int from activity_claims c where c.activity_id = a.id) as days
          from activities a where a.netbar_id = ${nid} order by a.id`,
    );
    const of = (kind: string) => list.filter((a) => a.kind === kind);
    for (const kind of ['gift_code', 'red_envelope', 'cashier_draw', 'topup_promo']) {
      const [a] = of(kind);
      expect(a, kind).toBeDefined();
      expect(a!.status, kind).toBe('published');
      expect(a!.claims, kind).toBeGreaterThanOrEqual(5);
      expect(a!.spent, kind).toBeGreaterThan(0);
      expect(a!.days, kind).toBeGreaterThanOrEqual(3);
    }
    const draws = of('live_draw');
    expect(draws.map((d) => d.status).sort()).toEqual(['ended', 'published']);
    const drawn = draws.find((d) => d.status === 'ended')!;
    expect(drawn.claims).toBeGreaterThanOrEqual(5);
    // the gift codes: a batch, some redeemed once each
    const [codes] = await q<{ n: number; used: number }>(
      sql`select count(*)::int as n, (select count(*)::int from activity_code_uses u join activity_codes k on k.id = u.code_id
            where k.netbar_id = ${nid}) as used from activity_codes where netbar_id = ${nid}`,
    );
    expect(codes!.n).toBe(60);
    expect(codes!.used).toBe(of('gift_code')[0]!.claims);
    // 充100送20: every promotion claim is a tier the top-up reached
    const [tiers] = await q<{ bad: number; n: number }>(
      sql`select count(*) filter (where l.principal_delta < t.min_topup_fen)::int as bad, count(*)::int as n
          from activity_claims c join activities a on a.id = c.activity_id and a.kind = 'topup_promo'
          join activity_prize_tiers t on t.prize_id = c.prize_id
          join member_ledger l on l.netbar_id = c.netbar_id and l.request_id = substr(c.request_id, 4) and l.kind = 'topup'
          where c.netbar_id = ${nid}`,
    );
    expect(tiers!.n).toBe(of('topup_promo')[0]!.claims);
    expect(tiers!.bad).toBe(0);
  });

  it('each claim is stamped at its own moment (decision 187): on its day, within the activity, with its ledger rows, draw and code use', async () => {
    const claims = await q<{ n: number; minutes: number }>(
      sql`select count(*)::int as n, count(distinct date_trunc('minute', at))::int as minutes
          from activity_claims where netbar_id = ${nid}`,
    );
    expect(claims[0]!.n).toBeGreaterThan(50);
    // spread over the month, not the seed's moment
    expect(claims[0]!.minutes).toBeGreaterThan(claims[0]!.n / 2);
    const outside = await q<{ id: number; kind: string }>(
      sql`select c.id, a.kind from activity_claims c join activities a on a.id = c.activity_id
          where c.netbar_id = ${nid}
            and ((c.at at time zone 'Asia/Shanghai')::date <> c.day or c.at < a.starts_at or c.at > a.ends_at or c.at > now())`,
    );
    expect(outside).toEqual([]);
    const ledger = await q<{ id: number }>(
      sql`select c.id from activity_claims c join member_ledger l on l.pool_id = c.pool_id and l.member_id = c.member_id
            and (l.request_id = 'act:' || c.request_id or l.id = c.member_ledger_id)
          where c.netbar_id = ${nid} and l.at <> c.at`,
    );
    expect(ledger).toEqual([]);
    const paid = await q<{ n: number }>(
      sql`select count(*)::int as n from activity_claims where netbar_id = ${nid} and member_ledger_id is not null`,
    );
    expect(paid[0]!.n).toBeGreaterThan(0);
    const draws = await q<{ id: number }>(
      sql`select d.id from activity_draws d join activity_claims c on c.id = d.claim_id
          where c.netbar_id = ${nid} and d.at <> c.at`,
    );
    expect(draws).toEqual([]);
    const uses = await q<{ id: number }>(
      sql`select u.code_id from activity_code_uses u join activity_claims c on c.id = u.claim_id
          where c.netbar_id = ${nid} and u.at <> c.at`,
    );
    expect(uses).toEqual([]);
    const results = await q<{ id: number }>(
      sql`select id from game_results where netbar_id = ${nid}
            and ((at at time zone 'Asia/Shanghai')::date <> day or at > now())`,
    );
    expect(results).toEqual([]);
  });

  it('spent budget = Σ claim cost = the member ledger prize rows, per activity', async () => {
    expect(await activityBookMismatches(t.database.db)).toEqual([]);
    const r = await q<{ id: number; spent: number; ledger: number }>(
      sql`select a.id, a.spent_fen::int as spent,
            coalesce((select sum(l.bonus_delta)::int from activity_claims c join member_ledger l
              on l.netbar_id = c.netbar_id and l.request_id = 'act:' || c.request_id and l.seq = 2 and l.kind = 'prize'
              where c.activity_id = a.id), 0) as ledger
          from activities a where a.netbar_id = ${nid} and a.kind in ('gift_code', 'red_envelope', 'topup_promo')`,
    );
    expect(r).toHaveLength(3);
    // these pay 奖励金 only, at cost = amount: the ledger's bonus is the budget spent
    for (const a of r) expect(a.ledger, `activity ${a.id}`).toBe(a.spent);
    await expectMemberLedgerMatches(t);
  });

  it("the owner's pages list them; another store's owner does not see them", async () => {
    const owner = await t.as(DEMO.netbar);
    const promos = await owner.get<{ list: { name: string; spent_fen: number }[] }>(
      '/api/v1/promotion_list',
      {
        page: 1,
        page_size: 10,
      },
    );
    expect(promos.status, promos.msg).toBe(200);
    expect(promos.data.list.map((a) => a.name)).toContain('充值满送');
    const draws = await owner.get<{ list: { id: number; drawn_at: string | null }[] }>(
      '/api/v1/live_draw_list',
      {
        page: 1,
        page_size: 10,
      },
    );
    expect(draws.status, draws.msg).toBe(200);
    const drawn = draws.data.list.find((d) => d.drawn_at)!;
    const res = await owner.get<{ winners: unknown[]; candidates: number }>('/api/v1/live_draw_result', {
      id: drawn.id,
    });
    expect(res.data.winners.length).toBeGreaterThanOrEqual(5);
    expect(res.data.candidates).toBeGreaterThanOrEqual(res.data.winners.length);
    const other = await t.as(DEMO.netbar2);
    expect((await other.post('/api/v1/store_app_switch', { key: 'live_draw', enabled: '1' })).status).toBe(
      200,
    );
    const refused = await other.get('/api/v1/live_draw_result', { id: drawn.id });
    expect(refused.status).toBe(40004);
  });
});
