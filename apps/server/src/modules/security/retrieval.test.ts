import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA, createTestApp, DEMO, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { countOf, latestCode } from '../../test/kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ E2E_TEST_HOOKS: '1' });
  await t.database.db.execute(
    (await import('drizzle-orm'))
      .sql`update users set email = 'agent2@example.com' where user_name = 'demo_agent2'`,
  );
});
afterAll(() => t.close());

describe('password retrieval', () => {
  it('by mobile: code → ticket → new password, which ends every session of the account', async () => {
    const session = await t.as(DEMO.agent);
    const c = t.client();
    const sent = await c.post('/api/v1/retrieve_send_mobile', {
      user_name: 'demo_agent',
      mobile: '13800000001',
      captcha: CAPTCHA,
    });
    expect([sent.status, sent.msg]).toEqual([200, '验证码已发送']);
    const code = await latestCode(t, '13800000001');
    const v = await c.post<{ ticket: string }>('/api/v1/retrieve_code_verify', {
      user_name: 'demo_agent',
      way: 'mobile',
      code,
    });
    expect(v.data.ticket.length).toBeGreaterThan(20);
    const bad = await c.post('/api/v1/retrieve_password', {
      ticket: v.data.ticket,
      password: 'new_pass_1',
      confirm_password: 'other_1',
    });
    expect(bad.msg).toBe('两次输入的密码不一致');
    const r = await c.post('/api/v1/retrieve_password', {
      ticket: v.data.ticket,
      password: 'new_pass_1',
      confirm_password: 'new_pass_1',
    });
    expect([r.status, r.msg]).toEqual([200, '密码修改成功，请使用新密码登录']);
    expect((await session.get('/api/v1/user_info')).status).toBe(40005);
    await t.client().login(DEMO.agent, 'new_pass_1');
    const reuse = await c.post('/api/v1/retrieve_password', {
      ticket: v.data.ticket,
      password: 'new_pass_2',
      confirm_password: 'new_pass_2',
    });
    expect(reuse.msg).toBe('验证已过期，请重新获取验证码');
    expect(
      await countOf(
        t,
        'operation_log',
        "action = '找回密码' and user_name = 'demo_agent' and result = 'success' and agent_id is not null",
      ),
    ).toBe(1);
  });

  it('by email', async () => {
    const c = t.client();
    expect(
      (
        await c.post('/api/v1/retrieve_send_email', {
          user_name: 'demo_agent2',
          email: 'AGENT2@example.com',
          captcha: CAPTCHA,
        })
      ).status,
    ).toBe(200);
    const code = await latestCode(t, 'agent2@example.com');
    expect(
      (await c.post('/api/v1/retrieve_code_verify', { user_name: 'demo_agent2', way: 'email', code })).status,
    ).toBe(200);
  });

  it.each([
    [{ user_name: 'nobody_here', mobile: '13800000001', captcha: CAPTCHA }, '该通行证账号尚未注册'],
    [
      { user_name: 'demo_netbar', mobile: '13800000001', captcha: CAPTCHA },
      '手机号与该账号绑定的手机号不一致',
    ],
    [{ user_name: 'demo_netbar', mobile: '13800000003', captcha: 'zzzz' }, '验证码错误或已过期'],
    [{ user_name: 'demo_netbar', mobile: '1380000', captcha: CAPTCHA }, '手机号格式不正确'],
    [{ mobile: '13800000003', captcha: CAPTCHA }, '账号为4-30位字母、数字或下划线，且以字母或数字开头'],
  ])('refuses %o and sends nothing', async (form, msg) => {
    const before = await countOf(t, 'outbox');
    const r = await t.client().post('/api/v1/retrieve_send_mobile', form);
    expect([r.status, r.msg]).toEqual([40000, msg]);
    expect(await countOf(t, 'outbox')).toBe(before);
  });

  it('refuses an email that is not the bound one, a wrong code and a bad ticket', async () => {
    expect(
      (
        await t.client().post('/api/v1/retrieve_send_email', {
          user_name: 'demo_netbar',
          email: 'x@example.com',
          captcha: CAPTCHA,
        })
      ).msg,
    ).toBe('该账号未绑定邮箱');
    expect(
      (
        await t
          .client()
          .post('/api/v1/retrieve_code_verify', { user_name: 'demo_netbar', way: 'mobile', code: '123456' })
      ).msg,
    ).toBe('验证码错误或已过期');
    expect(
      (
        await t
          .client()
          .post('/api/v1/retrieve_code_verify', { user_name: 'demo_netbar', way: 'mobile', code: '12345' })
      ).msg,
    ).toBe('请输入6位数字验证码');
    const r = await t.client().post('/api/v1/retrieve_password', {
      ticket: 'x'.repeat(43),
      password: 'new_pass_1',
      confirm_password: 'new_pass_1',
    });
    expect(r.msg).toBe('验证已过期，请重新获取验证码');
    await t.client().login(DEMO.netbar, DEMO_PASSWORD);
  });
});
