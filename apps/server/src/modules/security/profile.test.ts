import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { countOf } from '../../test/kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const netbarEdit = {
  true_name: '张老板二',
  email: 'zhang@example.com',
  qq: '88888888',
  province: '上海市',
  city: '上海市',
  district: '徐汇区',
  address: '漕溪北路1号',
  postcode: '200030',
  machine_count: '150',
  contact: '张店长',
};

describe('profile', () => {
  it('get_netbar_user shows one’s own details with the store part', async () => {
    const c = await t.as(DEMO.netbar);
    const r = await c.get<Record<string, unknown>>('/api/v1/get_netbar_user');
    expect(r.data).toMatchObject({
      user_name: 'demo_netbar',
      type: 3,
      mobile: '13800000003',
      netbar_name: '星际网咖旗舰店',
    });
  });

  it('netbar_user_edit changes the user and its store; an empty password keeps the old one', async () => {
    const c = await t.as(DEMO.netbar);
    const r = await c.post('/api/v1/netbar_user_edit', { ...netbarEdit, password: '' });
    expect([r.status, r.msg]).toEqual([200, '资料修改成功']);
    expect(
      await countOf(t, 'users', "user_name = 'demo_netbar' and true_name = '张老板二' and qq = '88888888'"),
    ).toBe(1);
    expect(
      await countOf(t, 'netbars', "name = '星际网咖旗舰店' and machine_count = 150 and contact = '张店长'"),
    ).toBe(1);
    await t.client().login(DEMO.netbar, DEMO_PASSWORD);
  });

  it('agent_user_edit with a new password needs the old one and ends the other sessions', async () => {
    const c = await t.as(DEMO.agent2);
    const other = await t.as(DEMO.agent2);
    const form = { ...netbarEdit, agent_name: '新名字服务商', password: 'agent_new1' };
    const missing = await c.post('/api/v1/agent_user_edit', form);
    expect([missing.status, missing.msg]).toEqual([40000, '请输入原密码']);
    const wrong = await c.post('/api/v1/agent_user_edit', { ...form, old_password: 'wrong_pass' });
    expect([wrong.status, wrong.msg]).toEqual([40000, '原密码不正确']);
    expect(await countOf(t, 'agents', "name = '新名字服务商'")).toBe(0);
    await t.client().login(DEMO.agent2, DEMO_PASSWORD);

    const r = await c.post('/api/v1/agent_user_edit', { ...form, old_password: DEMO_PASSWORD });
    // `other` and the login that proved the old password still worked.
    expect(r.data).toEqual({ password_changed: true, ended: 2 });
    expect((await other.get('/api/v1/get_agent_user')).status).toBe(40005);
    expect((await c.get('/api/v1/get_agent_user')).status).toBe(200);
    await t.client().login(DEMO.agent2, 'agent_new1');
  });

  it('netbar_user_edit: a new password needs the old one; without a password no session ends', async () => {
    const c = await t.as(DEMO.netbar2);
    const other = await t.as(DEMO.netbar2);
    const edit = { ...netbarEdit, contact: '李店长' };
    const missing = await c.post('/api/v1/netbar_user_edit', { ...edit, password: 'netbar_new1' });
    expect([missing.status, missing.msg]).toEqual([40000, '请输入原密码']);
    await t.client().login(DEMO.netbar2, DEMO_PASSWORD);
    const plain = await c.post('/api/v1/netbar_user_edit', edit);
    expect(plain.data).toEqual({ password_changed: false, ended: 0 });
    expect((await other.get('/api/v1/get_netbar_user')).status).toBe(200);
    const r = await c.post('/api/v1/netbar_user_edit', {
      ...edit,
      password: 'netbar_new1',
      old_password: DEMO_PASSWORD,
    });
    expect(r.data).toEqual({ password_changed: true, ended: 2 });
    expect((await other.get('/api/v1/get_netbar_user')).status).toBe(40005);
    expect((await c.get('/api/v1/get_netbar_user')).status).toBe(200);
    await t.client().login(DEMO.netbar2, 'netbar_new1');
  });

  it('refuses an id beyond the int range with 40000, not 500', async () => {
    const c = await t.as(DEMO.netbar);
    const r = await c.get('/api/v1/get_netbar_user', { id: 2147483648 });
    expect([r.http, r.status, r.msg]).toEqual([400, 40000, '参数错误']);
    const e = await c.post('/api/v1/netbar_user_edit', { ...netbarEdit, id: 2147483648 });
    expect(e.status).toBe(40000);
  });

  it('refuses another user’s id exactly like a missing one, and the wrong user type', async () => {
    const c = await t.as(DEMO.netbar);
    const other = await c.get('/api/v1/get_netbar_user', { id: 2 });
    const missing = await c.get('/api/v1/get_netbar_user', { id: 999999 });
    expect([other.http, other.status, other.msg]).toEqual([404, 40004, '用户不存在']);
    expect([missing.status, missing.msg]).toEqual([other.status, other.msg]);
    const before = await countOf(t, 'users', "true_name = '偷改'");
    expect(
      (await c.post('/api/v1/netbar_user_edit', { ...netbarEdit, true_name: '偷改', id: 2 })).status,
    ).toBe(40004);
    expect(await countOf(t, 'users', "true_name = '偷改'")).toBe(before);
    expect((await c.get('/api/v1/get_agent_user')).status).toBe(40003);
    const agent = await t.as(DEMO.agent);
    expect((await agent.post('/api/v1/netbar_user_edit', netbarEdit)).status).toBe(40003);
    const staff = await t.as(DEMO.agentStaff);
    expect((await staff.get('/api/v1/get_agent_user')).status).toBe(40003);
  });

  it.each([
    [{ password: '12' }, '密码为6-16位字母、数字或下划线，不修改请留空'],
    [{ true_name: '' }, '请输入1-25个字符的姓名'],
    [{ email: 'x@' }, '邮箱格式不正确'],
    [{ qq: '012345' }, 'QQ号为4-20位数字，且不能以0开头'],
    [{ district: '西湖区' }, '请选择区县'],
    [{ machine_count: '400' }, '注册机器数为1-300的整数'],
    [{ contact: '' }, '联系人为1-10个字符'],
    [{ postcode: '' }, '邮政编码为1-10个字符'],
  ])('refuses %o and changes nothing', async (change, msg) => {
    const c = await t.as(DEMO.netbar);
    const before = await countOf(t, 'users', "user_name = 'demo_netbar' and true_name = '改了'");
    const r = await c.post('/api/v1/netbar_user_edit', { ...netbarEdit, true_name: '改了', ...change });
    expect([r.status, r.msg]).toEqual([40000, msg]);
    expect(await countOf(t, 'users', "user_name = 'demo_netbar' and true_name = '改了'")).toBe(before);
  });
});
