import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { count, xlsxRows } from '../../test/kit.ts';

let t: TestApp;
let agent: Client;
let agent2: Client;
let staff: Client;
const id: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  [agent, agent2, staff] = await Promise.all([t.as(DEMO.agent), t.as(DEMO.agent2), t.as(DEMO.agentStaff)]);
  for (const n of await rows<{ id: number; name: string }>(t.database.db, sql`select id, name from netbars`))
    id[n.name] = n.id;
});
afterAll(() => t.close());

type List = {
  list: { id: number; name: string; online: number; server_version: string }[];
  count: number;
  total_machines: number;
};
const names = (l: List) => l.list.map((n) => n.name).sort();
const reg = (over: Record<string, unknown> = {}) => ({
  user_name: `nb_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`,
  password: 'abc12345',
  name: '蓝鲸电竞馆',
  contact: '赵老板',
  mobile: '13611112222',
  province: '上海市',
  city: '上海市',
  district: '长宁区',
  address: '天山路8号',
  machine_count: 50,
  ...over,
});

describe('netbar list and statics', () => {
  it('an agent sees only its own netbars, with heartbeat data; filters and export agree with the screen', async () => {
    // The demo heartbeats were written when the test database was made; a slow run can pass the 5-minute
    // online window, so the two live servers beat again now (三店 stays quiet).
    await t.database.db.execute(sql`update netbar_server_status s set last_seen = now() from netbars n
      where n.id = s.netbar_id and n.name in ('星际网咖旗舰店', '星际网咖二店', '极速网吧')`);
    const l = await agent.get<List>('/api/v1/netbar_list', { page: 1, page_size: 10 });
    expect(names(l.data)).toEqual(['星际网咖三店', '星际网咖二店', '星际网咖旗舰店']);
    expect(l.data.total_machines).toBe(260);
    expect(l.data.list.find((n) => n.name === '星际网咖旗舰店')).toMatchObject({
      online: 1,
      server_version: 'v5.2.1',
    });
    expect(l.data.list.find((n) => n.name === '星际网咖三店')).toMatchObject({ online: 0 });
    expect(names((await agent.get<List>('/api/v1/netbar_list', { server_version: 'v5.1.8' })).data)).toEqual([
      '星际网咖三店',
    ]);
    expect((await agent.get<List>('/api/v1/netbar_list', { online: 1 })).data.count).toBe(2);
    const x = await xlsxRows(agent, '/api/v1/netbar_list_export?online=1');
    expect(x.rows).toHaveLength(2 + 2);
    expect(x.rows.at(-1)![7]).toBe(200);
    const s = await agent.get<{ netbars: number; machines: number }>('/api/v1/agent_statics');
    expect(s.data).toMatchObject({ netbars: 3, machines: 260 });
    expect(
      (await agent.get<{ server_version: string }[]>('/api/v1/agent_server_versions', { is_host: 1 })).data,
    ).toEqual([{ server_version: 'v5.2.1' }]);
    const versions = await agent.get<{ server_version: string }[]>('/api/v1/agent_server_versions');
    expect(versions.data.map((v) => v.server_version)).toEqual(['v5.1.8', 'v5.2.1']);
    expect((await agent.get<{ ip: string }[]>('/api/v1/agent_ips')).data).toHaveLength(3);
    expect(
      (await agent.get<{ contact: string }[]>('/api/v1/agent_trust_contract', { mobile: '13800000003' }))
        .data,
    ).toEqual([{ contact: '张老板' }]);
  });

  it('agent staff see only the granted netbars, and get not-found for the others', async () => {
    const l = await staff.get<List>('/api/v1/netbar_list');
    expect(names(l.data)).toEqual(['星际网咖二店', '星际网咖旗舰店']);
    expect((await staff.get('/api/v1/agent_netbar_detail', { netbar_id: id.星际网咖三店 })).status).toBe(
      40004,
    );
    expect((await staff.get<{ netbars: number }>('/api/v1/agent_statics')).data.netbars).toBe(2);
    expect((await staff.get('/api/v1/agent_balance')).status).toBe(40003);
  });

  it("refuses other user types and another agent's ids", async () => {
    expect((await (await t.as(DEMO.netbar)).get('/api/v1/netbar_list')).status).toBe(40003);
    for (const [url, q] of [
      ['/api/v1/agent_netbar_detail', { netbar_id: id.星际网咖旗舰店 }],
      ['/api/v1/agent_netbar_edit_detail', { netbar_id: id.星际网咖旗舰店 }],
      ['/api/v1/agent_netbar_remark_get', { netbar_id: id.星际网咖旗舰店 }],
    ] as const)
      expect((await agent2.get(url, q)).status).toBe(40004);
    for (const [url, f] of [
      ['/api/v1/agent_netbar_del', { netbar_ids: id.星际网咖三店 }],
      ['/api/v1/agent_netbar_unbind', { netbar_id: id.星际网咖三店 }],
      ['/api/v1/agent_set_netbars_person', { netbar_ids: id.星际网咖三店, person_id: 0 }],
      [
        '/api/v1/agent_netbar_remark_add',
        { netbar_id: id.星际网咖三店, content: '越权', follow_date: '2024-01-01' },
      ],
      ['/api/v1/agent_netbar_server_key', { netbar_id: id.星际网咖三店 }],
    ] as const)
      expect((await agent2.post(url, f)).status).toBe(40004);
    const mine = await rows<{ id: number }>(t.database.db, sql`select id from netbar_remarks limit 1`);
    expect((await agent2.post('/api/v1/agent_netbar_remark_del', { id: mine[0]!.id })).status).toBe(40004);
  });
});

describe('register, edit, remarks, delete', () => {
  it('registers a netbar with a type-3 account that can log in', async () => {
    const form = reg();
    const r = await agent.post<{ netbar_id: number }>('/api/v1/agent_register_sub_netbar', form);
    expect(r.status).toBe(200);
    const login = await t
      .client()
      .post('/api/v1/login', { user_name: form.user_name, password: 'abc12345', captcha: '1234', type: 3 });
    expect(login.status).toBe(200);
    const edit = await agent.post('/api/v1/agent_netbar_edit', {
      ...form,
      netbar_id: r.data.netbar_id,
      machine_count: 60,
      status: 1,
    });
    expect(edit.status).toBe(200);
    const add = await agent.post<{ id: number }>('/api/v1/agent_netbar_remark_add', {
      netbar_id: r.data.netbar_id,
      content: '已完成装机',
      follow_date: '2024-05-01',
    });
    expect(
      (
        await agent.post('/api/v1/agent_netbar_remark_edit', {
          id: add.data.id,
          content: '已完成装机与培训',
          follow_date: '2024-05-02',
        })
      ).status,
    ).toBe(200);
    const remarks = await agent.get<{ content: string }[]>('/api/v1/agent_netbar_remark_get', {
      netbar_id: r.data.netbar_id,
    });
    expect(remarks.data.map((x) => x.content)).toEqual(['已完成装机与培训']);
    expect(
      (await agent.post('/api/v1/agent_netbar_del', { netbar_ids: String(r.data.netbar_id) })).status,
    ).toBe(200);
    expect((await agent.get('/api/v1/agent_netbar_detail', { netbar_id: r.data.netbar_id })).status).toBe(
      40004,
    );
  });

  it('refuses bad input with a Chinese message and writes nothing', async () => {
    const before = await count(t.database.db, 'netbars');
    for (const [over, msg] of [
      [{ user_name: 'ab' }, '账号为4-30位字母、数字或下划线，且以字母或数字开头'],
      [{ user_name: 'demo_netbar' }, '该通行证账号已存在'],
      [{ user_name: 'DEMO_NETBAR' }, '该通行证账号已存在'],
      [{ mobile: '12345' }, '手机号格式不正确'],
      [{ machine_count: 301 }, '注册机器数为1-300的整数'],
      [{ contact: '' }, '联系人为1-10个字符'],
      [{ district: '' }, '请选择区县'],
    ] as const) {
      const r = await agent.post('/api/v1/agent_register_sub_netbar', reg(over));
      expect([r.status, r.msg]).toEqual([40000, msg]);
    }
    expect(await count(t.database.db, 'netbars')).toBe(before);
    expect(
      (
        await agent.post('/api/v1/agent_netbar_remark_add', {
          netbar_id: id.星际网咖三店,
          content: '',
          follow_date: '2024-01-01',
        })
      ).msg,
    ).toBe('备注内容为1-200个字符');
    expect((await agent.post('/api/v1/agent_netbar_del', { netbar_ids: id.星际网咖旗舰店 })).msg).toBe(
      '该网吧是连锁总店，请先删除或移出其分店',
    );
  });
});

describe('staff assignment, chain, delay, bind', () => {
  it("assigns a staff member to netbars, only the agent's own staff", async () => {
    const staffId = (
      await rows<{ id: number }>(
        t.database.db,
        sql`select id from users where user_name = 'demo_agent_staff'`,
      )
    )[0]!.id;
    expect(
      (
        await agent.post('/api/v1/agent_set_netbars_person', {
          netbar_ids: id.星际网咖三店,
          person_id: staffId,
        })
      ).status,
    ).toBe(200);
    expect((await agent.get<List>('/api/v1/netbar_list', { person_id: staffId })).data.count).toBe(3);
    expect(
      (
        await agent2.post('/api/v1/agent_set_netbars_person', {
          netbar_ids: id.极速网吧,
          person_id: staffId,
        })
      ).status,
    ).toBe(40004);
  });

  it('changes the head of a chain', async () => {
    const r = await agent.post('/api/v1/chain_netbar_change', {
      head_id: id.星际网咖二店,
      netbar_ids: '',
      chain_name: '星际网咖',
      chain_type: 1,
    });
    expect(r.status).toBe(200);
    const chains = await agent.get<{ chain_id: number; members: unknown[] }[]>('/api/v1/chain_netbar_list');
    expect(chains.data).toHaveLength(1);
    expect(chains.data[0]).toMatchObject({ chain_id: id.星际网咖二店 });
    expect(chains.data[0]!.members).toHaveLength(3);
    await agent.post('/api/v1/chain_netbar_change', {
      head_id: id.星际网咖旗舰店,
      netbar_ids: '',
      chain_name: '星际网咖',
      chain_type: 1,
    });
  });

  it("grace days stay within the administrator's limit", async () => {
    expect(
      (await agent.post('/api/v1/agent_delay_config_save', { netbar_ids: id.星际网咖三店, delay_days: 7 }))
        .status,
    ).toBe(200);
    expect(
      (
        await agent.post('/api/v1/agent_delay_config_save', {
          netbar_ids: id.星际网咖三店,
          delay_days: 30,
        })
      ).msg,
    ).toBe('宽限天数为0-15的整数');
    expect(
      (await staff.post('/api/v1/agent_delay_config_save', { netbar_ids: id.星际网咖二店, delay_days: 1 }))
        .status,
    ).toBe(40003);
  });

  it("binding needs the netbar owner's code; unbinding frees the netbar", async () => {
    expect((await agent2.post('/api/v1/agent_netbar_unbind', { netbar_id: id.极速网吧 })).status).toBe(200);
    const wrong = await agent.get('/api/v1/agent_netbar_bind', { user_name: 'demo_netbar2', code: '000000' });
    expect([wrong.status, wrong.msg]).toEqual([40000, '绑定码错误或已过期']);
    const code = await (await t.as(DEMO.netbar2)).post<{ code: string }>('/api/v1/netbar_bind_code');
    expect(code.status).toBe(200);
    const ok = await agent.get('/api/v1/agent_netbar_bind', {
      user_name: 'demo_netbar2',
      code: code.data.code,
    });
    expect(ok.msg).toBe('绑定成功');
    expect(ok.status).toBe(200);
    expect(names((await agent.get<List>('/api/v1/netbar_list')).data)).toContain('极速网吧');
    expect(
      (await agent.get('/api/v1/agent_netbar_bind', { user_name: 'demo_netbar2', code: code.data.code }))
        .status,
    ).toBe(40000);
  });
});

describe('server heartbeat', () => {
  it("accepts the netbar's own key only, and refuses bad input", async () => {
    const nid = id.星际网咖三店!;
    const beat = (key: string, over: Record<string, unknown> = {}) =>
      t.client().request(
        'POST',
        '/api/v1/netbar_server_heartbeat',
        {
          netbar_id: nid,
          server_version: 'v5.3.0',
          ip: '10.0.0.9',
          machine_count: 60,
          online_count: 12,
          ...over,
        },
        { json: true, headers: { 'x-server-key': key } },
      );
    expect((await beat('wrong')).status).toBe(40005);
    const key = await agent.post<{ server_key: string }>('/api/v1/agent_netbar_server_key', {
      netbar_id: nid,
    });
    expect((await beat(key.data.server_key)).status).toBe(200);
    expect((await beat(`demo-server-key-${nid}`)).status).toBe(40005);
    expect((await beat(key.data.server_key, { online_count: 99 })).msg).toBe('在线数不能大于机器数');
    const l = await agent.get<List>('/api/v1/netbar_list', { server_version: 'v5.3.0' });
    expect(l.data.list.map((n) => [n.name, n.online])).toEqual([['星际网咖三店', 1]]);
    expect((await agent.get<{ games: number }>('/api/v1/game_update_count')).data.games).toBe(3);
  });
});
