import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

/**
 * Agent staff see only what their grant allows (issue 11 item 7). demo_agent_staff holds 网吧管理 only,
 * for two of the agent's four netbars; a colleague is added. Every agent GET route is walked as the
 * staff member and no answer may name a netbar outside the grant or the colleague.
 */
let t: TestApp;
let staff: Client;
const colleague = { user_name: 'colleague_w1', mobile: '13912345678', true_name: '王同事' };
let outside: { id: number; name: string }[] = [];
let granted: { id: number; name: string; machine_count: number }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const agent = await t.as(DEMO.agent);
  const r = await agent.post('/api/v1/agent_person_register', {
    ...colleague,
    password: 'Colleague123',
    position: '销售',
  });
  expect(r.status).toBe(200);
  const db = t.database.db;
  granted = await rows(
    db,
    sql`select n.id, n.name, n.machine_count from netbars n join staff_area_netbars g on g.netbar_id = n.id
        join users u on u.id = g.user_id where u.user_name = ${DEMO.agentStaff.user_name} and n.status <> 0 order by n.id`,
  );
  outside = await rows(
    db,
    sql`select n.id, n.name from netbars n join agents a on a.id = n.agent_id join users u on u.id = a.owner_user_id
        where u.user_name = ${DEMO.agent.user_name} and n.status <> 0
          and n.id not in (${sql.join(
            granted.map((g) => sql`${g.id}`),
            sql`, `,
          )}) order by n.id`,
  );
  staff = await t.as(DEMO.agentStaff);
});
afterAll(() => t.close());

const leaks = (raw: string) =>
  [colleague.user_name, colleague.mobile, colleague.true_name, ...outside.map((n) => n.name)].filter((x) =>
    raw.includes(x),
  );

describe('agent staff with only 网吧管理', () => {
  it('the demo grant is narrow: some of the agent netbars are outside it', () => {
    expect(granted.length).toBe(2);
    expect(outside.length).toBeGreaterThan(0);
  });

  it('agent_person_list and its export show themselves only, never colleagues', async () => {
    const r = await staff.get<{ list: { user_name: string }[]; count: number }>('/api/v1/agent_person_list', {
      page: 1,
      page_size: 1000,
    });
    expect(r.status).toBe(200);
    expect(r.data.list.map((x) => x.user_name)).toEqual([DEMO.agentStaff.user_name]);
    expect(r.data.count).toBe(1);
    const x = await staff.get('/api/v1/agent_person_list_export', { page: 1, page_size: 1000 });
    expect(x.http).toBe(200);
    // The agent still sees the whole team.
    const agent = await t.as(DEMO.agent);
    const all = await agent.get<{ list: { user_name: string }[] }>('/api/v1/agent_person_list', {
      page: 1,
      page_size: 1000,
    });
    expect(all.data.list.map((u) => u.user_name)).toContain(colleague.user_name);
  });

  it('home_stats counts the granted netbars and machines, not the agent totals', async () => {
    const r = await staff.get<{ cards: { key: string; value: number }[] }>('/api/v1/home_stats');
    const card = (k: string) => r.data.cards.find((c) => c.key === k)?.value;
    expect(card('netbars')).toBe(granted.length);
    expect(card('machines')).toBe(granted.reduce((s, n) => s + Number(n.machine_count), 0));
    const agent = await t.as(DEMO.agent);
    const a = await agent.get<{ cards: { key: string; value: number }[] }>('/api/v1/home_stats');
    expect(a.data.cards.find((c) => c.key === 'netbars')?.value).toBeGreaterThan(granted.length);
  });

  it('no agent GET route answers data outside the grant', async () => {
    const routes = t.app.routeList.filter(
      (r) =>
        r.method === 'GET' &&
        r.url.startsWith('/api/v1/') &&
        !r.url.includes('logout') &&
        !r.auth?.public &&
        (!r.auth?.types || r.auth.types.includes(2)),
    );
    expect(routes.length).toBeGreaterThan(20);
    const probe = outside[0]!.id;
    const queries: Record<string, unknown>[] = [
      {},
      { page: 1, page_size: 1000 },
      { netbar_id: probe },
      { id: probe },
      { head_id: probe },
    ];
    const found: string[] = [];
    let answered = 0;
    for (const r of routes)
      for (const q of queries) {
        const res = await staff.get(r.url, q);
        expect(res.http, `${r.url} ${JSON.stringify(q)}`).toBeLessThan(500);
        if (res.status === 200) answered++;
        for (const l of leaks(res.raw)) found.push(`${r.url} ${JSON.stringify(q)} → ${l}`);
      }
    expect(found).toEqual([]);
    expect(answered).toBeGreaterThan(10);
  });

  it('no agent write reaches a netbar outside the grant', async () => {
    const id = outside[0]!.id;
    const before = await rows(t.database.db, sql`select * from netbars where id = ${id}`);
    const writes: [string, Record<string, unknown>][] = [
      ['/api/v1/agent_netbar_del', { netbar_ids: [id] }],
      ['/api/v1/agent_netbar_remark_add', { netbar_id: id, content: '越权', follow_date: '2026-01-01' }],
      ['/api/v1/agent_set_netbars_person', { netbar_ids: [id], person_id: 0 }],
      ['/api/v1/agent_netbar_unbind', { netbar_id: id }],
      ['/api/v1/agent_delay_config_save', { netbar_ids: [id], delay_days: 1 }],
    ];
    for (const [url, body] of writes) {
      const res = await staff.post(url, body);
      expect(res.status, url).not.toBe(200);
    }
    expect(await rows(t.database.db, sql`select * from netbars where id = ${id}`)).toEqual(before);
  });
});
