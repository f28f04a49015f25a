import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA, createTestApp, DEMO, type TestApp } from '../../test/harness.ts';
import { countOf, latestCode } from '../../test/kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    CODE_DAILY_MAX_PER_TARGET: '2',
    CODE_DAILY_MAX_PER_IP: '5',
    E2E_TEST_HOOKS: '1',
    // The caps are per client address: the test plays several clients behind one trusted proxy.
    TRUST_PROXY: '127.0.0.1',
  });
});
afterAll(() => t.close());

const send = (mobile: string, ip = '10.0.0.1') =>
  t
    .client()
    .request(
      'POST',
      '/api/v1/get_mobile_captcha',
      { mobile, captcha: CAPTCHA },
      { headers: { 'x-forwarded-for': ip } },
    );
let seq = 0;
const verify = (mobile: string, code: string) =>
  t.client().post('/api/v1/register_netbar', {
    user_name: `code_${mobile.slice(-4)}_${++seq}`,
    password: 'pass_1234',
    confirm_password: 'pass_1234',
    true_name: '钱',
    email: 'q@example.com',
    mobile,
    sms_code: code,
    province: '北京市',
    city: '北京市',
    district: '朝阳区',
    address: '建国路1号',
    postcode: '100000',
    agree: '1',
    netbar_name: '码网吧',
    machine_count: '10',
    contact: '钱',
  });
/** Lets the 180 s resend block pass (PostgreSQL kv or Redis). */
async function endCooldown() {
  if (t.config.REDIS_URL) return false;
  await t.database.db.execute(
    sql`update kv set expires_at = now() - interval '1 second' where key like 'code:cd:%'`,
  );
  return true;
}

describe('verification codes', () => {
  it('are 6 digits, stored hashed, and the outbox keeps the message', async () => {
    expect((await send('13700000001')).status).toBe(200);
    const code = await latestCode(t, '13700000001');
    expect(code).toMatch(/^\d{6}$/);
    const kv = await t.database.db.execute(sql`select value::text as v from kv where key like 'code:v:%'`);
    const stored = (kv as unknown as { rows: { v: string }[] }).rows.map((r) => r.v).join();
    expect(stored).not.toContain(code);
    const outbox = await t.database.db.execute(sql`select content from outbox where to_addr = '13700000001'`);
    const content = (outbox as unknown as { rows: { content: string }[] }).rows[0]!.content;
    expect(content).toContain('验证码为******');
    expect(content).not.toContain(code);
  });

  it('blocks a resend for 180 s with the seconds left', async () => {
    expect((await send('13700000002')).status).toBe(200);
    const again = await send('13700000002');
    expect([again.http, again.status]).toEqual([429, 42900]);
    expect(again.msg).toMatch(/^验证码已发送，请(1[0-8]\d|\d{1,2})秒后再获取$/);
    expect(await countOf(t, 'outbox', "to_addr = '13700000002'")).toBe(1);
  });

  it('allow 5 guesses, then the code is gone even when right', async () => {
    await send('13700000003');
    const code = await latestCode(t, '13700000003');
    for (let i = 0; i < 4; i++)
      expect((await verify('13700000003', '000000' === code ? '111111' : '000000')).msg).toBe(
        '验证码错误或已过期',
      );
    expect((await verify('13700000003', code === '999999' ? '111111' : '999999')).msg).toBe(
      '验证码错误次数过多，请重新获取',
    );
    expect((await verify('13700000003', code)).msg).toBe('验证码错误或已过期');
  });

  it('are single use and expire after 10 minutes', async () => {
    await send('13700000004');
    const code = await latestCode(t, '13700000004');
    expect((await verify('13700000004', code)).status).toBe(200);
    expect((await verify('13700000004', code)).msg).toBe('验证码错误或已过期');
    if (t.config.REDIS_URL) return;
    await send('13700000005');
    const c2 = await latestCode(t, '13700000005');
    await t.database.db.execute(
      sql`update kv set expires_at = now() - interval '1 second' where key like 'code:v:%'`,
    );
    expect((await verify('13700000005', c2)).msg).toBe('验证码错误或已过期');
  });

  it('have a daily cap per mobile and per IP', async () => {
    await send('13700000006', '10.0.0.9');
    if (!(await endCooldown())) return;
    expect((await send('13700000006', '10.0.0.9')).status).toBe(200);
    await endCooldown();
    const capped = await send('13700000006', '10.0.0.9');
    expect([capped.status, capped.msg]).toEqual([42900, '该手机号今日获取验证码次数已达上限，请明天再试']);
    for (let i = 0; i < 3; i++) await send(`1370000010${i}`, '10.0.0.9');
    const ip = await send('13700000200', '10.0.0.9');
    expect([ip.status, ip.msg]).toEqual([42900, '当前网络今日获取验证码次数已达上限，请明天再试']);
  });
});

describe('GET outbox_list (消息发送记录)', () => {
  it('lists messages for administrators only', async () => {
    const admin = await t.as(DEMO.admin);
    const r = await admin.get<{ list: { to: string; status: string; content: string }[]; count: number }>(
      '/api/v1/outbox_list',
      { channel: 'sms', to: '137000000' },
    );
    expect(r.data.count).toBeGreaterThan(3);
    expect(r.data.list[0]).toMatchObject({ status: 'outbox' });
    expect(r.data.list[0]!.content).toContain('验证码为******');
    expect(r.data.list.some((o) => /\d{6}/.test(o.content))).toBe(false);
    for (const who of [DEMO.agent, DEMO.netbar, DEMO.pay]) {
      const c = await t.as(who);
      expect((await c.get('/api/v1/outbox_list')).status).toBe(40003);
    }
    expect((await admin.get('/api/v1/outbox_list', { channel: 'fax' })).msg).toBe('渠道不正确');
  });

  it('without E2E_TEST_HOOKS the code reader does not exist and no code is kept in clear anywhere', async () => {
    const plain = await createTestApp();
    try {
      const r = await plain.client().get('/api/v1/__test/latest_code', { to: '13700000001' });
      expect(r.http).toBe(404);
      const sent = await plain
        .client()
        .post('/api/v1/get_mobile_captcha', { mobile: '13700000301', captcha: CAPTCHA });
      expect(sent.status).toBe(200);
      expect(await countOf(plain, 'kv', "key like 'test:code:%'")).toBe(0);
      expect(
        await countOf(plain, 'outbox', "to_addr = '13700000301' and content like '%验证码为******%'"),
      ).toBe(1);
      expect(await countOf(plain, 'outbox', "content ~ '验证码为[0-9]{6}'")).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
