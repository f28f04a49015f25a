import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, xlsxRows } from '../../test/kit.ts';

let t: TestApp;
let agent: Client;
let agent2: Client;
let staffId: number;
const nb: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  [agent, agent2] = await Promise.all([t.as(DEMO.agent), t.as(DEMO.agent2)]);
  staffId = (
    await rows<{ id: number }>(t.database.db, sql`select id from users where user_name = 'demo_agent_staff'`)
  )[0]!.id;
  for (const n of await rows<{ id: number; name: string }>(t.database.db, sql`select id, name from netbars`))
    nb[n.name] = n.id;
});
afterAll(() => t.close());

describe('agent staff', () => {
  it('lists, registers, edits and deletes staff; the new account logs in', async () => {
    const l = await agent.get<{ list: { id: number; true_name: string; netbar_count: number }[] }>(
      '/api/v1/agent_person_list',
      { page: '1', page_size: '1000' },
    );
    expect(l.data.list.map((s) => s.true_name)).toEqual(['李装机']);
    const r = await agent.post<{ id: number }>('/api/v1/agent_person_register', {
      user_name: 'staff_new_01',
      password: 'pass1234',
      true_name: '孙维护',
      mobile: '13622223333',
      position: '售后',
    });
    expect(r.status).toBe(200);
    expect(
      (
        await t.client().post('/api/v1/login', {
          user_name: 'staff_new_01',
          password: 'pass1234',
          captcha: '1234',
          type: 2,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await agent.post('/api/v1/agent_person_edit', {
          id: r.data.id,
          true_name: '孙维护',
          mobile: '13622223333',
          position: '',
          password: '',
          status: 0,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.client().post('/api/v1/login', {
          user_name: 'staff_new_01',
          password: 'pass1234',
          captcha: '1234',
          type: 2,
        })
      ).status,
    ).not.toBe(200);
    const rm = await agent.post<{ id: number }>('/api/v1/agent_person_remark_add', {
      bz_id: r.data.id,
      content: '试用期员工',
    });
    expect(
      (await agent.post('/api/v1/agent_person_remark_edit', { id: rm.data.id, content: '已转正' })).status,
    ).toBe(200);
    expect(
      (
        await agent.get<{ content: string }[]>('/api/v1/agent_person_remark_get', { bz_id: r.data.id })
      ).data.map((x) => x.content),
    ).toEqual(['已转正']);
    expect((await agent2.post('/api/v1/agent_person_remark_del', { id: rm.data.id })).status).toBe(40004);
    expect((await agent.post('/api/v1/agent_person_del', { id: r.data.id })).status).toBe(200);
    expect((await agent.get('/api/v1/agent_person_detail', { id: r.data.id })).status).toBe(40004);
  });

  it("refuses bad input in Chinese and writes nothing; another agent's staff is not found", async () => {
    const n = await count(t.database.db, 'users');
    for (const [over, msg] of [
      [{ user_name: 'x' }, '账号为4-30位字母、数字或下划线，且以字母或数字开头'],
      [{ password: '123' }, '密码为6-16位字母、数字或下划线'],
      [{ true_name: '' }, '请输入1-25个字符的姓名'],
      [{ user_name: 'demo_agent' }, '该通行证账号已存在'],
    ] as const) {
      const r = await agent.post('/api/v1/agent_person_register', {
        ...{ user_name: 'staff_bad_01', password: 'pass1234', true_name: '周', mobile: '13622223333' },
        ...over,
      });
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    expect(await count(t.database.db, 'users')).toBe(n);
    for (const url of ['/api/v1/agent_person_detail', '/api/v1/agent_person_remark_get']) {
      expect((await agent2.get(url, { id: staffId, bz_id: staffId })).status).toBe(40004);
    }
    expect((await agent2.get('/api/v1/agent_auth_area', { user_id: staffId })).status).toBe(40004);
    expect((await agent2.post('/api/v1/agent_person_del', { id: staffId })).status).toBe(40004);
    expect(
      (
        await (
          await t.as(DEMO.agentStaff)
        ).post('/api/v1/agent_person_register', {
          user_name: 'staff_x_01',
          password: 'pass1234',
          true_name: '周',
          mobile: '13622223333',
        })
      ).status,
    ).toBe(40003);
  });

  it("grants menus and areas; the staff member's menu and lists follow them", async () => {
    const tree = await agent.get<{ id: number; children: { id: number }[] }[]>(
      '/api/v1/get_agent_auth_tree',
      { types: 2 },
    );
    expect(tree.data.map((n) => n.id)).toEqual([3, 6, 11, 15]);
    const bad = await agent.post('/api/v1/agent_auth_area', {
      user_id: staffId,
      perm_ids: '3,4,10',
      netbar_ids: '',
      regions: '',
    });
    expect([bad.status, bad.msg]).toEqual([40000, '所选权限无效']);
    expect(
      (
        await agent.post('/api/v1/agent_auth_area', {
          user_id: staffId,
          perm_ids: '3,4',
          netbar_ids: nb.极速网吧,
          regions: '',
        })
      ).status,
    ).toBe(40004);
    const ok = await agent.post('/api/v1/agent_auth_area', {
      user_id: staffId,
      perm_ids: '3,4,15,16',
      netbar_ids: '',
      regions: '上海市/上海市/静安区',
    });
    expect(ok.status).toBe(200);
    const staff = await t.as(DEMO.agentStaff);
    const l = await staff.get<{ list: { name: string }[] }>('/api/v1/netbar_list');
    expect(l.data.list.map((n) => n.name)).toEqual(['星际网咖三店']);
    expect((await staff.get('/api/v1/agent_balance')).status).toBe(200);
    expect((await staff.get<number[]>('/api/v1/get_auth_list')).data).toContain(16);
  });

  it('install statistics count per staff member', async () => {
    const s = await agent.get<{
      list: { true_name: string; registered: number }[];
      total: { registered: number };
    }>('/api/v1/agent_person_install_statistics');
    expect(s.data.list.find((x) => x.true_name === '李装机')!.registered).toBe(2);
    expect(
      (await agent.get('/api/v1/agent_person_install_statistics', { date_from: '2024/01/01' })).msg,
    ).toBe('日期格式为YYYY-MM-DD');
  });

  it('exports install statistics with the same totals as the screen', async () => {
    const s = await agent.get<{
      list: unknown[];
      total: { registered: number; assigned: number; machines: number };
    }>('/api/v1/agent_person_install_statistics');
    const x = await xlsxRows(agent, '/api/v1/agent_person_install_statistics_export');
    expect(x.rows[0]).toEqual(['员工', '期间登记网吧', '负责网吧', '负责机器数']);
    expect(x.rows.length).toBe(s.data.list.length + 2);
    expect(x.rows.at(-1)).toEqual([
      '合计',
      s.data.total.registered,
      s.data.total.assigned,
      s.data.total.machines,
    ]);
    expect(s.data.total.registered).toBeGreaterThan(0);
    const bad = await agent.get('/api/v1/agent_person_install_statistics_export', { date_to: '2024-13-01' });
    expect(bad.msg).toBe('日期格式为YYYY-MM-DD');
    const netbar = await t.as(DEMO.netbar);
    expect((await netbar.get('/api/v1/agent_person_install_statistics_export')).status).toBe(40003);
  });

  it('exports every matching staff member (not one page) with the same count and netbars as the screen', async () => {
    const reg = (c: Client, user_name: string, true_name: string) =>
      c.post('/api/v1/agent_person_register', {
        user_name,
        password: 'pass1234',
        true_name,
        mobile: '13622224444',
      });
    expect((await reg(agent, 'staff_exp_01', '郑导出')).status).toBe(200);
    expect((await reg(agent2, 'staff_exp_02', '吴外人')).status).toBe(200);
    const all = await agent.get<{ list: { true_name: string; netbar_count: number }[]; count: number }>(
      '/api/v1/agent_person_list',
      { page: 1, page_size: 1000 },
    );
    const one = await agent.get<{ list: unknown[]; count: number }>('/api/v1/agent_person_list', {
      page: 1,
      page_size: 1,
    });
    expect(one.data.list).toHaveLength(1);
    expect(one.data.count).toBeGreaterThanOrEqual(2);
    const x = await xlsxRows(agent, '/api/v1/agent_person_list_export?page=1&page_size=1');
    expect(x.contentType).toContain('spreadsheetml');
    expect(x.rows[0]?.slice(0, 3)).toEqual(['员工ID', '姓名', '账号']);
    expect(x.rows).toHaveLength(one.data.count + 2);
    const names = x.rows.slice(1, -1).map((r) => r[1]);
    expect(names).toEqual(all.data.list.map((r) => r.true_name));
    expect(names).not.toContain('吴外人');
    const netbars = all.data.list.reduce((a, r) => a + r.netbar_count, 0);
    expect(netbars).toBeGreaterThan(0);
    const last = x.rows.at(-1)!;
    expect([last[0], last[1], last[5]]).toEqual(['合计', `${one.data.count}人`, netbars]);
    const other = await xlsxRows(agent2, '/api/v1/agent_person_list_export');
    expect(other.rows.slice(1, -1).map((r) => r[1])).not.toContain('郑导出');

    const filtered = await xlsxRows(
      agent,
      `/api/v1/agent_person_list_export?keyword=${encodeURIComponent('郑导出')}`,
    );
    expect(filtered.rows.slice(1, -1).map((r) => r[1])).toEqual(['郑导出']);
    expect(filtered.rows.at(-1)?.slice(0, 2)).toEqual(['合计', '1人']);
    const bad = await agent.get('/api/v1/agent_person_list_export', { status: 5 });
    expect([bad.status, bad.msg]).toEqual([40000, '参数错误']);
    const netbar = await t.as(DEMO.netbar);
    expect((await netbar.get('/api/v1/agent_person_list_export')).status).toBe(40003);
  });
});
