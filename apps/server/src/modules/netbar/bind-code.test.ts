import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { BIND_MAX_GUESSES, bindKey } from './netbar.service.ts';

/** The netbar's bind code: hashed, single use, 5 wrong guesses, rate limited, one winner. */
let t: TestApp;
let agent: Client;
let agent2: Client;
let owner: Client;
let netbarId: number;
let agentId: number;
beforeAll(async () => {
  t = await createTestApp();
  [agent, agent2, owner] = await Promise.all([t.as(DEMO.agent), t.as(DEMO.agent2), t.as(DEMO.netbar2)]);
  netbarId = (
    await rows<{ id: number }>(t.database.db, sql`select id from netbars where name = '极速网吧'`)
  )[0]!.id;
  agentId = Number(
    (await rows<{ id: number }>(t.database.db, sql`select id from agents where name = '华东网吧服务商'`))[0]!
      .id,
  );
});
afterAll(() => t.close());

const agentOf = async () =>
  (
    await rows<{ agent_id: number | null }>(
      t.database.db,
      sql`select agent_id from netbars where id = ${netbarId}`,
    )
  )[0]!.agent_id;
const newCode = async () => {
  const r = await owner.post<{ code: string }>('/api/v1/netbar_bind_code');
  expect(r.status).toBe(200);
  expect(r.data.code).toMatch(/^\d{6}$/);
  return r.data.code;
};
const bind = (c: Client, code: string) =>
  c.get('/api/v1/agent_netbar_bind', { user_name: 'demo_netbar2', code });
const unbind = async () => {
  const holder = await agentOf();
  if (holder === null) return;
  const who = Number(holder) === agentId ? agent : agent2;
  expect((await who.post('/api/v1/agent_netbar_unbind', { netbar_id: netbarId })).status).toBe(200);
};
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('netbar bind code', () => {
  it('is stored only as a hash and works once', async () => {
    await unbind();
    const code = await newCode();
    const stored = JSON.stringify(await t.app.deps.kv.get(bindKey(netbarId)));
    expect(stored).not.toContain(code);
    expect(stored).toMatch(/[0-9a-f]{64}/);
    expect((await bind(agent, code)).status).toBe(200);
    await unbind();
    const again = await bind(agent, code);
    expect([again.status, again.msg]).toEqual([40000, '绑定码错误或已过期']);
    expect(await agentOf()).toBeNull();
  });

  it(`${BIND_MAX_GUESSES} wrong guesses throw the code away`, async () => {
    await unbind();
    const code = await newCode();
    const answers = [];
    for (let i = 0; i < BIND_MAX_GUESSES; i++) answers.push((await bind(agent, wrongOf(code))).msg);
    expect(answers.slice(0, -1)).toEqual(Array(BIND_MAX_GUESSES - 1).fill('绑定码错误或已过期'));
    expect(answers.at(-1)).toBe('绑定码输错次数过多已失效，请让网吧重新生成');
    const right = await bind(agent, code);
    expect([right.status, right.msg]).toEqual([40000, '绑定码错误或已过期']);
    expect(await agentOf()).toBeNull();
    // A fresh code starts with a clean count.
    const fresh = await newCode();
    expect((await bind(agent, wrongOf(fresh))).status).toBe(40000);
    expect((await bind(agent, fresh)).status).toBe(200);
  });

  it('two agents binding at once with the right code: exactly one wins', async () => {
    await unbind();
    const code = await newCode();
    const res = await Promise.all([
      bind(agent, code),
      bind(agent2, code),
      bind(agent, code),
      bind(agent2, code),
    ]);
    expect(res.filter((r) => r.status === 200)).toHaveLength(1);
    expect(res.every((r) => r.status === 200 || r.status === 40000 || r.status === 40009)).toBe(true);
    const winner = res.findIndex((r) => r.status === 200) % 2 === 0 ? agent : agent2;
    const list = await winner.get<{ list: { id: number }[] }>('/api/v1/netbar_list', {
      page: 1,
      page_size: 100,
    });
    expect(list.data.list.map((n) => n.id)).toContain(netbarId);
    expect(await agentOf()).not.toBeNull();
  });

  it('refuses a malformed code and an id beyond the int range in Chinese (40000, not 50000)', async () => {
    const bad = await bind(agent, '12ab');
    expect([bad.status, bad.msg]).toEqual([40000, '绑定码为6位数字']);
    const big = await agent.get('/api/v1/agent_netbar_detail', { netbar_id: 2147483648 });
    expect([big.status, big.msg]).toEqual([40000, '参数错误']);
  });
});

describe('bind route rate limit', () => {
  it('answers 42900 after the per-minute cap', async () => {
    const small = await createTestApp({ LOGIN_RATE_PER_MINUTE: '5' });
    try {
      const a = await small.as(DEMO.agent);
      const statuses = [];
      for (let i = 0; i < 7; i++)
        statuses.push(
          (await a.get('/api/v1/agent_netbar_bind', { user_name: 'demo_netbar2', code: '000000' })).status,
        );
      expect(statuses.slice(0, 5)).toEqual([40000, 40000, 40000, 40000, 40000]);
      expect(statuses.slice(5)).toEqual([42900, 42900]);
    } finally {
      await small.close();
    }
  });
});
