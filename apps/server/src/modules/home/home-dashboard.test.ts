import type { HomeAgentDashboard, HomePlatformDashboard, HomeStoreDashboard } from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { netbarWhere } from '../../tenant/index.ts';
import { createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { rawSale, rawStore } from '../../test/report-kit.ts';

/** The home dashboards (decision 158): each user type's figures equal the raw records; refusals. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const STORE = '/api/v1/home_store_dashboard';
const AGENT = '/api/v1/home_agent_dashboard';
const PLATFORM = '/api/v1/home_platform_dashboard';
const num = async (q: SQL) => Number((await rows<{ n: number }>(t.database.db, q))[0]?.n ?? 0);
const nidOf = (user: string) => num(sql`select netbar_id as n from users where user_name = ${user}`);
/**
 * Top-up 本金 of the stores at each one's business day today − `back` days, from the member ledger, up to
 * this time of day `back` days ago (today: so far; a week ago: the same hours, decision 158).
 */
const rawTopups = (ids: SQL, back: number) =>
  num(sql`select coalesce(sum(principal_delta), 0)::float8 as n from member_ledger
    where kind = 'topup' and netbar_id in (${ids}) and at < now() - make_interval(days => ${back}::int)
      and business_day(at, report_day_start(netbar_id)) = business_day(now(), report_day_start(netbar_id)) - ${back}::int`);

describe('home dashboards', () => {
  it("a chain head sees the chain's today against last week, equal to the raw records", async () => {
    const c = await t.as(DEMO.netbar);
    const nid = await nidOf(DEMO.netbar.user_name);
    const before = await c.get<HomeStoreDashboard>(STORE);
    expect(before.status, before.msg).toBe(200);
    const d = before.data;
    expect(d.stores.length).toBeGreaterThan(1);
    const ids = sql.join(
      d.stores.map((x) => sql`${x.id}`),
      sql`, `,
    );
    expect(d.today.topup_fen).toBe(await rawTopups(ids, 0));
    expect(d.last_week.topup_fen).toBe(await rawTopups(ids, 7));
    const r = d.last_week;
    expect(r.revenue_fen).toBe(r.online_fen + r.goods_fen + r.desk_fen + r.lease_fen);
    // last week runs up to this time of day a week ago: a sale a second before it counts, one later that
    // day (the rollup holds it in the whole day) does not
    expect(d.compare_until).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    const store = await rawStore(t.database.db, nid);
    const weekAgo = Date.now() - 7 * 86400_000;
    await rawSale(t.database.db, store, weekAgo - 1000, 1, 700);
    await rawSale(t.database.db, store, weekAgo + 120_000, 1, 900);
    const lw = (await c.get<HomeStoreDashboard>(STORE)).data.last_week;
    expect([lw.goods_fen - r.goods_fen, lw.orders - r.orders]).toEqual([700, 1]);
    expect(d.machines.total).toBe(
      await num(sql`select count(*)::int as n from machines where netbar_id in (${ids}) and state <> '停用'`),
    );
    // a sale written now shows at once (the marked day is recomputed before reading)
    await rawSale(t.database.db, await rawStore(t.database.db, nid), Date.now() - 1000, 2, 650);
    const after = (await c.get<HomeStoreDashboard>(STORE)).data;
    expect(after.today.goods_fen - d.today.goods_fen).toBe(1300);
    expect(after.today.orders - d.today.orders).toBe(1);
  });

  it("narrows to one store; another tenant's or an unknown store is refused", async () => {
    const c = await t.as(DEMO.netbar);
    const all = (await c.get<HomeStoreDashboard>(STORE)).data;
    const sub = all.stores[1]!;
    const one = await c.get<HomeStoreDashboard>(`${STORE}?store_id=${sub.id}`);
    expect(one.data.stores).toEqual([sub]);
    const other = await nidOf(DEMO.netbar2.user_name);
    for (const q of [other, 99999999, 'abc', -1]) {
      const r = await c.get(`${STORE}?store_id=${q}`);
      expect([r.status, r.msg], String(q)).toEqual([40000, '门店参数错误']);
    }
  });

  it('staff see their current store only with 241 or 240; others are refused', async () => {
    const staff = await t.as(DEMO.netbarStaff);
    expect((await staff.get(STORE)).status).toBe(40003);
    await rows(
      t.database.db,
      sql`insert into grants (user_id, perm_id) select id, 240 from users where user_name = 'demo_netbar_staff'
          on conflict do nothing`,
    );
    const again = await t.as(DEMO.netbarStaff);
    const r = await again.get<HomeStoreDashboard>(STORE);
    expect(r.status, r.msg).toBe(200);
    expect(r.data.stores.map((x) => x.id)).toEqual([await nidOf(DEMO.netbarStaff.user_name)]);
    for (const path of [AGENT, PLATFORM]) expect((await again.get(path)).status, path).toBe(40003);
  });

  it("an agent sees its own netbars' 30 days in aggregate, never another agent's", async () => {
    const c = await t.as(DEMO.agent);
    const r = await c.get<HomeAgentDashboard>(AGENT);
    expect(r.status, r.msg).toBe(200);
    const own = sql`select n.id from netbars n join users u on u.agent_id = n.agent_id
      where u.user_name = ${DEMO.agent.user_name} and n.status <> 0`;
    expect(r.data.netbars).toBe(await num(sql`select count(*)::int as n from (${own}) x`));
    expect(r.data.days).toHaveLength(30);
    const day = r.data.days.at(-8)!;
    expect(day.active_netbars).toBeGreaterThan(0);
    expect(day.active_netbars).toBe(
      await num(sql`select count(distinct s.netbar_id)::int as n from report_store_day s
        where s.netbar_id in (${own}) and s.day = ${day.day}::date and s.sessions + s.orders + s.topups > 0`),
    );
    expect(day.online_machines).toBe(
      await num(sql`select count(distinct machine_id)::int as n from online_sessions
        where netbar_id in (${own}) and business_day(started_at, report_day_start(netbar_id)) = ${day.day}::date`),
    );
    // last week up to this time of day: machines with a session started since each store's day start
    expect(r.data.last_week.online_machines).toBe(
      await num(sql`select count(distinct machine_id)::int as n from online_sessions s
        where netbar_id in (${own}) and started_at < now() - interval '7 days'
          and started_at >= business_day_start(business_day(now(), report_day_start(netbar_id)) - 7, report_day_start(netbar_id))`),
    );
    expect(r.data.last_week.online_machines).toBeLessThanOrEqual(r.data.days.at(-8)!.online_machines);
    const other = await (await t.as(DEMO.agent2)).get<HomeAgentDashboard>(AGENT);
    expect(other.data.netbars).toBe(
      await num(sql`select count(*)::int as n from netbars n join users u on u.agent_id = n.agent_id
        where u.user_name = ${DEMO.agent2.user_name} and n.status <> 0`),
    );
    expect(other.data.netbars).toBeLessThan(r.data.netbars);
    // agent staff: the netbars and regions granted to them only
    const staff = await (await t.as(DEMO.agentStaff)).get<HomeAgentDashboard>(AGENT);
    expect(staff.status, staff.msg).toBe(200);
    const [u] = await rows<{ id: number; agent_id: number }>(
      t.database.db,
      sql`select id, agent_id from users where user_name = ${DEMO.agentStaff.user_name}`,
    );
    const granted = netbarWhere({ agentId: Number(u?.agent_id), staffUserId: Number(u?.id) });
    expect(staff.data.netbars).toBe(
      await num(sql`select count(*)::int as n from netbars n where ${granted}`),
    );
    expect(staff.data.netbars).toBeLessThanOrEqual(r.data.netbars);
    for (const path of [STORE, PLATFORM]) expect((await c.get(path)).status, path).toBe(40003);
  });

  it('the administrator sees platform totals; no one else does', async () => {
    const c = await t.as(DEMO.admin);
    const r = await c.get<HomePlatformDashboard>(PLATFORM);
    expect(r.status, r.msg).toBe(200);
    const live = sql`select id from netbars where status <> 0`;
    expect(r.data.netbars).toBe(await num(sql`select count(*)::int as n from (${live}) x`));
    expect(r.data.last_week.topup_fen).toBe(await rawTopups(live, 7));
    expect(r.data.last_week.active_netbars).toBe(
      await num(sql`select count(*)::int as n from netbars n where n.status <> 0 and exists (
        select 1 from member_ledger l where l.netbar_id = n.id and l.kind = 'topup'
          and l.at >= business_day_start(business_day(now(), report_day_start(n.id)) - 7, report_day_start(n.id))
          and l.at < now() - interval '7 days'
        union all select 1 from orders o where o.netbar_id = n.id
          and o.paid_at >= business_day_start(business_day(now(), report_day_start(n.id)) - 7, report_day_start(n.id))
          and o.paid_at < now() - interval '7 days'
        union all select 1 from online_sessions s where s.netbar_id = n.id
          and s.started_at >= business_day_start(business_day(now(), report_day_start(n.id)) - 7, report_day_start(n.id))
          and s.started_at < now() - interval '7 days')`),
    );
    expect(r.data.machines.online).toBeLessThanOrEqual(r.data.machines.total);
    for (const path of [STORE, AGENT]) expect((await c.get(path)).status, path).toBe(40003);
    for (const who of [DEMO.netbar, DEMO.agent, DEMO.pay])
      expect((await (await t.as(who)).get(PLATFORM)).status, who.user_name).toBe(40003);
  });
});
