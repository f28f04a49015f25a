import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, xlsxRows } from '../../test/kit.ts';

let t: TestApp;
let agent: Client;
let agent2: Client;
let sub: number;
beforeAll(async () => {
  t = await createTestApp();
  [agent, agent2] = await Promise.all([t.as(DEMO.agent), t.as(DEMO.agent2)]);
  sub = (
    await rows<{ id: number }>(t.database.db, sql`select id from agents where name = '苏州网吧服务商'`)
  )[0]!.id;
});
afterAll(() => t.close());

const form = {
  user_name: 'sub_agent_wx',
  password: 'pass1234',
  name: '无锡网吧服务商',
  contact: '钱经理',
  mobile: '13755556666',
  province: '江苏省',
  city: '无锡市',
  district: '梁溪区',
  address: '中山路1号',
};

describe('sub-channels', () => {
  it('lists, creates and edits sub-agents; the new agent logs in', async () => {
    const l = await agent.get<{ list: { name: string; netbar_count: number }[]; count: number }>(
      '/api/v1/agent_sub_agent',
      { page: 1, page_size: 10 },
    );
    expect(l.data.list).toEqual([expect.objectContaining({ name: '苏州网吧服务商', netbar_count: 1 })]);
    const r = await agent.post<{ agent_id: number }>('/api/v1/reg_sub_agent_info', form);
    expect(r.status).toBe(200);
    expect(
      (
        await t.client().post('/api/v1/login', {
          user_name: form.user_name,
          password: form.password,
          captcha: '1234',
          type: 1,
        })
      ).status,
    ).toBe(200);
    const { user_name: _u, password: _p, ...rest } = form;
    expect(
      (
        await agent.post('/api/v1/agent_edit_subagent', {
          ...rest,
          agent_id: r.data.agent_id,
          name: '无锡渠道',
          status: 1,
        })
      ).status,
    ).toBe(200);
    expect(
      (await agent.get<{ name: string }>('/api/v1/agent_sub_agent_get', { agent_id: r.data.agent_id })).data
        .name,
    ).toBe('无锡渠道');
    expect((await agent.get<{ id: number }[]>('/api/v1/agent_sub_all')).data).toHaveLength(2);
  });

  it("another agent's sub-agent is not found; bad input writes nothing", async () => {
    expect((await agent2.get('/api/v1/agent_sub_agent_get', { agent_id: sub })).status).toBe(40004);
    expect(
      (await agent2.post('/api/v1/agent_edit_subagent', { ...form, agent_id: sub, status: 1 })).status,
    ).toBe(40004);
    const n = await count(t.database.db, 'agents');
    const bad = await agent.post('/api/v1/reg_sub_agent_info', {
      ...form,
      user_name: 'sub_agent_x2',
      mobile: '1',
    });
    expect([bad.status, bad.msg]).toEqual([40000, '手机号格式不正确']);
    expect(await count(t.database.db, 'agents')).toBe(n);
    expect((await (await t.as(DEMO.netbar)).get('/api/v1/agent_sub_agent')).status).toBe(40003);
  });

  it("statics show each sub-agent's netbars and spending; another agent sees none of them", async () => {
    const s = await agent.get<{
      list: { name: string; netbars: number; spend_fen: number }[];
      total: { spend_fen: number };
    }>('/api/v1/agent_sub_statics');
    expect(s.data.list.find((x) => x.name === '苏州网吧服务商')).toMatchObject({
      netbars: 1,
      spend_fen: 35000,
    });
    expect(s.data.total.spend_fen).toBe(35000);
    expect((await agent2.get<{ list: unknown[] }>('/api/v1/agent_sub_statics')).data.list).toEqual([]);
    const x = await xlsxRows(agent, '/api/v1/agent_sub_statics_export');
    expect(x.rows.at(-1)).toEqual([
      '合计',
      1,
      s.data.list.reduce((a, r) => a + (r as unknown as { new_netbars: number }).new_netbars, 0),
      350,
    ]);
  });

  it('exports every matching sub-agent (not one page) with the same count and netbars as the screen', async () => {
    await agent2.post('/api/v1/reg_sub_agent_info', {
      ...form,
      user_name: 'sub_agent_other',
      name: '外人渠道',
      mobile: '13755557777',
    });
    const all = await agent.get<{ list: { name: string; netbar_count: number }[]; count: number }>(
      '/api/v1/agent_sub_agent',
      { page: 1, page_size: 1000 },
    );
    const one = await agent.get<{ list: unknown[]; count: number }>('/api/v1/agent_sub_agent', {
      page: 1,
      page_size: 1,
    });
    expect(one.data.list).toHaveLength(1);
    expect(one.data.count).toBeGreaterThanOrEqual(2);
    const x = await xlsxRows(agent, '/api/v1/agent_sub_agent_export?page=1&page_size=1');
    expect(x.contentType).toContain('spreadsheetml');
    expect(x.rows[0]?.slice(0, 2)).toEqual(['渠道ID', '渠道名称']);
    expect(x.rows).toHaveLength(one.data.count + 2);
    const names = x.rows.slice(1, -1).map((r) => r[1]);
    expect(names).toEqual(all.data.list.map((r) => r.name));
    expect(names).not.toContain('外人渠道');
    const netbars = all.data.list.reduce((a, r) => a + r.netbar_count, 0);
    expect(netbars).toBeGreaterThan(0);
    const last = x.rows.at(-1)!;
    expect([last[0], last[1], last[6]]).toEqual(['合计', `${one.data.count}个`, netbars]);
    const other = await xlsxRows(agent2, '/api/v1/agent_sub_agent_export');
    expect(other.rows.slice(1, -1).map((r) => r[1])).toEqual(['外人渠道']);

    const filtered = await xlsxRows(
      agent,
      `/api/v1/agent_sub_agent_export?keyword=${encodeURIComponent('苏州')}`,
    );
    expect(filtered.rows.slice(1, -1).map((r) => r[1])).toEqual(['苏州网吧服务商']);
    const bad = await agent.get('/api/v1/agent_sub_agent_export', { page_size: 5000 });
    expect([bad.status, bad.msg]).toEqual([40000, '参数错误']);
    expect((await (await t.as(DEMO.netbar)).get('/api/v1/agent_sub_agent_export')).status).toBe(40003);
  });
});
