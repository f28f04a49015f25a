import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA, createTestApp, DEMO, DEMO_PASSWORD, type TestApp } from '../../test/harness.ts';
import { countOf, latestCode } from '../../test/kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ E2E_TEST_HOOKS: '1' });
});
afterAll(() => t.close());

describe('security centre', () => {
  it('get_security_info masks the mobile and email', async () => {
    const c = await t.as(DEMO.netbar);
    const r = await c.get('/api/v1/get_security_info');
    expect(r.data).toEqual({
      user_name: 'demo_netbar',
      mobile: '138****0003',
      email: '',
      has_mobile: true,
      has_email: false,
      level: 2,
    });
  });

  it('netbar staff have no security centre; a session is needed', async () => {
    const staff = await t.as(DEMO.netbarStaff);
    expect((await staff.get('/api/v1/get_security_info')).status).toBe(40003);
    expect(
      (
        await staff.post('/api/v1/security_update_password', {
          old_password: DEMO_PASSWORD,
          password: 'abc_12345',
          confirm_password: 'abc_12345',
        })
      ).status,
    ).toBe(40003);
    expect((await t.client().get('/api/v1/get_security_info')).status).toBe(40005);
  });

  it('changing the password with the old one ends the other sessions, not this one', async () => {
    const other = await t.as(DEMO.agent2);
    const c = await t.as(DEMO.agent2);
    expect(
      (
        await c.post('/api/v1/security_update_password', {
          old_password: 'wrong_one',
          password: 'abc_12345',
          confirm_password: 'abc_12345',
        })
      ).msg,
    ).toBe('原密码不正确');
    expect(
      (
        await c.post('/api/v1/security_update_password', {
          password: 'abc_12345',
          confirm_password: 'abc_12345',
        })
      ).msg,
    ).toBe('请输入原密码');
    expect(
      (
        await c.post('/api/v1/security_update_password', {
          old_password: DEMO_PASSWORD,
          password: 'abc',
          confirm_password: 'abc',
        })
      ).msg,
    ).toBe('密码为6-16位字母、数字或下划线');
    expect(
      (
        await c.post('/api/v1/security_update_password', {
          old_password: DEMO_PASSWORD,
          password: DEMO_PASSWORD,
          confirm_password: DEMO_PASSWORD,
        })
      ).msg,
    ).toBe('新密码不能与原密码相同');
    const r = await c.post<{ ended: number }>('/api/v1/security_update_password', {
      old_password: DEMO_PASSWORD,
      password: 'abc_12345',
      confirm_password: 'abc_12345',
    });
    expect(r.status).toBe(200);
    expect(r.data.ended).toBeGreaterThanOrEqual(1);
    expect((await other.get('/api/v1/user_info')).status).toBe(40005);
    expect((await c.get('/api/v1/user_info')).status).toBe(200);
    await t.client().login(DEMO.agent2, 'abc_12345');
    expect(
      await countOf(
        t,
        'operation_log',
        "action = '修改密码' and user_name = 'demo_agent2' and result = 'success'",
      ),
    ).toBe(1);
  });

  it('changing the password by SMS code instead of the old password', async () => {
    const c = await t.as(DEMO.pay);
    expect(
      (await c.post('/api/v1/send_security_sms', { captcha: CAPTCHA, op_from: 'password' })).status,
    ).toBe(200);
    const code = await latestCode(t, '13800000006');
    expect((await c.post('/api/v1/security_code_password', { way: 'mobile', code })).data).toEqual({
      verified: true,
    });
    expect(
      (
        await c.post('/api/v1/security_update_password', {
          password: 'pay_12345',
          confirm_password: 'pay_12345',
        })
      ).status,
    ).toBe(200);
    // The step is used up.
    expect(
      (
        await c.post('/api/v1/security_update_password', {
          password: 'pay_54321',
          confirm_password: 'pay_54321',
        })
      ).msg,
    ).toBe('请输入原密码');
  });

  it('changing the mobile verifies the old one first, then the new one', async () => {
    const c = await t.as(DEMO.netbar);
    const early = await c.post('/api/v1/send_security_sms', {
      captcha: CAPTCHA,
      op_from: 'mobile_new',
      mobile: '13600000001',
    });
    expect(early.msg).toBe('请先验证原手机号或原邮箱');
    expect((await c.post('/api/v1/send_security_sms', { captcha: CAPTCHA, op_from: 'mobile_new' })).msg).toBe(
      '请输入手机号',
    );
    expect((await c.post('/api/v1/send_security_sms', { captcha: 'zzzz', op_from: 'mobile_old' })).msg).toBe(
      '验证码错误或已过期',
    );
    expect(
      (await c.post('/api/v1/send_security_sms', { captcha: CAPTCHA, op_from: 'mobile_old' })).status,
    ).toBe(200);
    const oldCode = await latestCode(t, '13800000003');
    expect(
      (await c.post('/api/v1/security_update_mobile', { mobile: '13600000001', code: '123456' })).msg,
    ).toBe('请先验证原手机号或原邮箱');
    expect((await c.post('/api/v1/security_code_mobile', { code: oldCode })).status).toBe(200);
    expect(
      (
        await c.post('/api/v1/send_security_sms', {
          captcha: CAPTCHA,
          op_from: 'mobile_new',
          mobile: '13800000003',
        })
      ).msg,
    ).toBe('新手机号不能与原手机号相同');
    expect(
      (
        await c.post('/api/v1/send_security_sms', {
          captcha: CAPTCHA,
          op_from: 'mobile_new',
          mobile: '13600000001',
        })
      ).status,
    ).toBe(200);
    const newCode = await latestCode(t, '13600000001');
    const before = await countOf(t, 'users', "mobile = '13600000001'");
    expect(
      (
        await c.post('/api/v1/security_update_mobile', {
          mobile: '13600000001',
          code: newCode === '000000' ? '111111' : '000000',
        })
      ).msg,
    ).toBe('验证码错误或已过期');
    expect(await countOf(t, 'users', "mobile = '13600000001'")).toBe(before);
    const r = await c.post('/api/v1/security_update_mobile', { mobile: '13600000001', code: newCode });
    expect([r.status, r.data]).toEqual([200, { mobile: '136****0001' }]);
    expect(await countOf(t, 'users', "user_name = 'demo_netbar' and mobile = '13600000001'")).toBe(1);
    expect(
      await countOf(
        t,
        'operation_log',
        "action = '更换绑定手机号' and user_name = 'demo_netbar' and result = 'success'",
      ),
    ).toBe(1);
  });

  it('binding a first email needs no old one; changing it then needs the old one', async () => {
    const c = await t.as(DEMO.agent);
    expect(
      (await c.post('/api/v1/send_security_email', { captcha: CAPTCHA, op_from: 'email_new', email: 'bad' }))
        .msg,
    ).toBe('邮箱格式不正确');
    expect(
      (
        await c.post('/api/v1/send_security_email', {
          captcha: CAPTCHA,
          op_from: 'email_new',
          email: 'agent@example.com',
        })
      ).status,
    ).toBe(200);
    const code = await latestCode(t, 'agent@example.com');
    expect(
      (await c.post('/api/v1/security_update_email', { email: 'agent@example.com', code })).data,
    ).toEqual({ email: 'ag***@example.com' });
    expect(
      (
        await c.post('/api/v1/send_security_email', {
          captcha: CAPTCHA,
          op_from: 'email_new',
          email: 'agent2@example.com',
        })
      ).msg,
    ).toBe('请先验证原手机号或原邮箱');
    // The address just got a code: the 180 s resend block applies to it too.
    expect(
      (await c.post('/api/v1/send_security_email', { captcha: CAPTCHA, op_from: 'email_old' })).status,
    ).toBe(42900);
    if (t.config.REDIS_URL) return;
    await t.database.db.execute(
      sql`update kv set expires_at = now() - interval '1 second' where key like 'code:cd:%'`,
    );
    expect(
      (await c.post('/api/v1/send_security_email', { captcha: CAPTCHA, op_from: 'email_old' })).status,
    ).toBe(200);
    const old = await latestCode(t, 'agent@example.com');
    expect((await c.post('/api/v1/security_code_email', { code: old })).status).toBe(200);
    expect((await c.post('/api/v1/send_security_email', { captcha: CAPTCHA, op_from: 'bogus' })).msg).toBe(
      '验证用途不正确',
    );
  });

  it('a code sent to one account does not work for another', async () => {
    const a = await t.as(DEMO.agentStaff);
    expect(
      (await a.post('/api/v1/send_security_sms', { captcha: CAPTCHA, op_from: 'password' })).status,
    ).toBe(200);
    const code = await latestCode(t, '13800000002');
    const admin = await t.as(DEMO.admin);
    expect((await admin.post('/api/v1/sms_code_verify', { op_from: 'password', code })).msg).toBe(
      '验证码错误或已过期',
    );
    expect((await a.post('/api/v1/sms_code_verify', { op_from: 'password', code })).status).toBe(200);
  });
});
