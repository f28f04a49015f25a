import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/client.ts';
import { type Client, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';

/** Races on a login name, disabling a sub-channel, and session revocation through the session store. */
let t: TestApp;
let agent: Client;
const destroyed: number[] = [];
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.as(DEMO.agent);
  // Watch the session store: revocation must go through it (it may be Redis), not raw SQL.
  const store = t.app.deps.sessions;
  const original = store.destroyUser.bind(store);
  store.destroyUser = async (userId, except) => {
    destroyed.push(userId);
    return original(userId, except);
  };
});
afterAll(() => t.close());

const uniq = () => `r${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const place = { province: '江苏省', city: '苏州市', district: '姑苏区', address: '人民路1号' };
const subForm = (user_name: string) => ({
  user_name,
  password: 'abc12345',
  name: '昆山渠道',
  contact: '钱经理',
  mobile: '13911112222',
  ...place,
});
const staffForm = (user_name: string) => ({
  user_name,
  password: 'abc12345',
  true_name: '孙员工',
  mobile: '13811112222',
});
const netbarForm = (user_name: string) => ({
  user_name,
  password: 'abc12345',
  name: '并发网咖',
  contact: '李老板',
  mobile: '13711112222',
  ...place,
  machine_count: 30,
});
const usersNamed = async (name: string) =>
  Number(
    (
      await rows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from users where lower(user_name) = ${name}`,
      )
    )[0]!.n,
  );

describe('six parallel registrations with one login name', () => {
  for (const [url, form] of [
    ['/api/v1/agent_person_register', staffForm],
    ['/api/v1/agent_register_sub_netbar', netbarForm],
    ['/api/v1/reg_sub_agent_info', subForm],
  ] as const) {
    it(`${url}: one 200, the rest 该通行证账号已存在, never 50000`, async () => {
      const name = uniq();
      const res = await Promise.all(Array.from({ length: 6 }, () => agent.post(url, form(name))));
      expect(res.filter((r) => r.status === 200)).toHaveLength(1);
      for (const r of res.filter((x) => x.status !== 200))
        expect([r.status, r.msg]).toEqual([40000, '该通行证账号已存在']);
      expect(await usersNamed(name)).toBe(1);
    });
  }
});

describe('disabling a sub-channel', () => {
  it("stops the channel's owner and staff: sessions end, calls and logins are refused", async () => {
    const ownerName = uniq();
    const created = await agent.post<{ agent_id: number }>('/api/v1/reg_sub_agent_info', subForm(ownerName));
    expect(created.status).toBe(200);
    const sub = t.client();
    await sub.login({ user_name: ownerName, type: 1 }, 'abc12345');
    const staffName = uniq();
    const reg = await sub.post<{ id: number }>('/api/v1/agent_person_register', staffForm(staffName));
    expect(reg.status).toBe(200);
    const member = t.client();
    await member.login({ user_name: staffName, type: 2 }, 'abc12345');
    expect((await member.get('/api/v1/get_auth_list')).status).toBe(200);

    const { user_name: _u, password: _p, ...rest } = subForm(ownerName);
    const off = await agent.post('/api/v1/agent_edit_subagent', {
      ...rest,
      agent_id: created.data.agent_id,
      status: 2,
    });
    expect(off.status).toBe(200);
    const status = await rows<{ status: number }>(
      t.database.db,
      sql`select status from agents where id = ${created.data.agent_id}`,
    );
    expect(Number(status[0]!.status)).toBe(2);
    expect(destroyed).toEqual(expect.arrayContaining([reg.data.id]));

    expect((await member.get('/api/v1/get_auth_list')).status).toBe(40005);
    expect((await sub.get('/api/v1/get_auth_list')).status).toBe(40005);
    await expect(t.client().login({ user_name: staffName, type: 2 }, 'abc12345')).rejects.toThrow();
    await expect(t.client().login({ user_name: ownerName, type: 1 }, 'abc12345')).rejects.toThrow();
  });

  it('disabling or deleting a staff member ends their sessions through the session store', async () => {
    const name = uniq();
    const reg = await agent.post<{ id: number }>('/api/v1/agent_person_register', staffForm(name));
    const member = t.client();
    await member.login({ user_name: name, type: 2 }, 'abc12345');
    destroyed.length = 0;
    const edit = await agent.post('/api/v1/agent_person_edit', {
      id: reg.data.id,
      true_name: '孙员工',
      mobile: '13811112222',
      status: 0,
    });
    expect(edit.status).toBe(200);
    expect(destroyed).toEqual([reg.data.id]);
    expect((await member.get('/api/v1/get_auth_list')).status).toBe(40005);
    destroyed.length = 0;
    expect((await agent.post('/api/v1/agent_person_del', { id: reg.data.id })).status).toBe(200);
    expect(destroyed).toEqual([reg.data.id]);
  });
});
