import { grantsFor, STORE_APPS } from '@netbar/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA, createTestApp, type TestApp } from '../../test/harness.ts';
import { countOf, latestCode } from '../../test/kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ E2E_TEST_HOOKS: '1' });
});
afterAll(() => t.close());

const base = (n: string, mobile: string) => ({
  user_name: n,
  password: 'pass_1234',
  confirm_password: 'pass_1234',
  true_name: '赵老板',
  email: `${n}@example.com`,
  mobile,
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  address: '文三路100号',
  postcode: '310000',
  qq: '12345678',
  agree: '1',
});
const netbarForm = (n: string, mobile: string, code: string) => ({
  ...base(n, mobile),
  sms_code: code,
  netbar_name: '极速网咖',
  machine_count: '120',
  contact: '小赵',
});

async function sendCode(mobile: string) {
  const c = t.client();
  const r = await c.post('/api/v1/get_mobile_captcha', { mobile, captcha: CAPTCHA });
  expect(r.status).toBe(200);
  return latestCode(t, mobile);
}

describe('lookups', () => {
  it('get_area serves real provinces, cities and districts by parentID', async () => {
    const c = t.client();
    const p = await c.get<{ id: string; name: string }[]>('/api/v1/get_area', { t: 1 });
    expect(p.data.length).toBe(31);
    expect(p.data).toContainEqual({ id: '33', name: '浙江省' });
    const cities = await c.get<{ id: string; name: string }[]>('/api/v1/get_area', { parentID: '33' });
    expect(cities.data).toContainEqual({ id: '3301', name: '杭州市' });
    const sh = await c.get<{ id: string; name: string }[]>('/api/v1/get_area', { parentID: '31' });
    expect(sh.data).toEqual([{ id: '3101', name: '上海市' }]);
    const d = await c.get<{ name: string }[]>('/api/v1/get_area', { parentID: '3301' });
    expect(d.data.map((x) => x.name)).toContain('西湖区');
    expect((await c.get('/api/v1/get_area', { parentID: 'abc' })).status).toBe(40000);
  });

  it('check_user_is_exist, the staff checks and get_mobile_use_num answer is_exist / count', async () => {
    const c = t.client();
    expect((await c.get('/api/v1/check_user_is_exist', { user_name: 'demo_agent' })).data).toEqual({
      is_exist: 1,
    });
    expect((await c.get('/api/v1/check_user_is_exist', { user_name: 'DEMO_AGENT' })).data).toEqual({
      is_exist: 1,
    });
    expect((await c.get('/api/v1/check_user_is_exist', { user_name: 'demo_agent', type: 3 })).data).toEqual({
      is_exist: 0,
    });
    expect((await c.get('/api/v1/check_user_is_exist', { user_name: 'nobody_1' })).data).toEqual({
      is_exist: 0,
    });
    expect(
      (await c.get('/api/v1/check_netbar_person_is_exist', { user_name: 'demo_netbar_staff' })).data,
    ).toEqual({ is_exist: 1 });
    expect(
      (await c.get('/api/v1/check_netbar_person_is_exist', { user_name: 'demo_agent_staff' })).data,
    ).toEqual({ is_exist: 0 });
    expect((await c.get('/api/v1/check_staff_is_exist', { user_name: 'demo_agent_staff' })).data).toEqual({
      is_exist: 1,
    });
    expect((await c.get('/api/v1/get_mobile_use_num', { mobile: '13800000001' })).data).toEqual({ count: 1 });
    const bad = await c.get('/api/v1/check_user_is_exist', { user_name: 'ab' });
    expect([bad.status, bad.msg]).toEqual([40000, '账号为4-30位字母、数字或下划线，且以字母或数字开头']);
    expect((await c.get('/api/v1/get_mobile_use_num', { mobile: '12345' })).msg).toBe('手机号格式不正确');
  });
});

describe('POST get_mobile_captcha', () => {
  it('needs the image captcha first and sends nothing without it', async () => {
    const before = await countOf(t, 'outbox');
    const r = await t.client().post('/api/v1/get_mobile_captcha', { mobile: '13911110000', captcha: 'zzzz' });
    expect([r.status, r.msg]).toEqual([40000, '验证码错误或已过期']);
    expect((await t.client().post('/api/v1/get_mobile_captcha', { mobile: '13911110000' })).msg).toBe(
      '请输入验证码',
    );
    expect(await countOf(t, 'outbox')).toBe(before);
  });
});

describe('POST register_netbar / register_agent', () => {
  it('registers a netbar that can log in at once with the netbar grants', async () => {
    const code = await sendCode('13911110001');
    const r = await t.client().post('/api/v1/register_netbar', netbarForm('new_bar_1', '13911110001', code));
    expect([r.status, r.msg]).toEqual([200, '注册成功']);
    expect(
      await countOf(
        t,
        'netbars',
        "name = '极速网咖' and pid = id and machine_count = 120 and contact = '小赵'",
      ),
    ).toBe(1);
    const login = await t.client().login({ user_name: 'new_bar_1', type: 3 }, 'pass_1234');
    // less the apps a new store has not enabled yet (the marketing apps, decision 174), and the pages that
    // open with them (优惠券 10530 with 营销活动, decision 186)
    const offApps = STORE_APPS.filter((a) => !a.defaultOn).flatMap((a) => [a.perm, ...(a.pages ?? [])]);
    expect(login.data.auth.path.map((p) => p.id)).toEqual(grantsFor(3).filter((id) => !offApps.includes(id)));
    expect(
      await countOf(
        t,
        'operation_log',
        "action = '注册网吧' and user_name = 'new_bar_1' and netbar_id is not null",
      ),
    ).toBe(1);
    // The code is used up.
    const again = await t
      .client()
      .post('/api/v1/register_netbar', netbarForm('new_bar_1b', '13911110001', code));
    expect(again.msg).toBe('验证码错误或已过期');
  });

  it('registers an agent that logs in with the agent grants', async () => {
    const code = await sendCode('13911110002');
    const r = await t.client().post('/api/v1/register_agent', {
      ...base('new_agent_1', '13911110002'),
      sms_code: code,
      agent_name: '西湖服务商',
    });
    expect(r.status).toBe(200);
    expect(await countOf(t, 'agents', "name = '西湖服务商' and owner_user_id is not null")).toBe(1);
    const login = await t.client().login({ user_name: 'new_agent_1', type: 1 }, 'pass_1234');
    expect(login.data.auth.path.map((p) => p.id)).toEqual(grantsFor(1));
  });

  it.each([
    [{ user_name: 'ab' }, '账号为4-30位字母、数字或下划线，且以字母或数字开头'],
    [{ user_name: '_abcd' }, '账号为4-30位字母、数字或下划线，且以字母或数字开头'],
    [{ password: '123' }, '密码为6-16位字母、数字或下划线'],
    [{ confirm_password: 'other_1234' }, '两次输入的密码不一致'],
    [{ confirm_password: '' }, '请再次输入密码'],
    [{ true_name: '' }, '请输入1-25个字符的姓名'],
    [{ true_name: '长'.repeat(26) }, '请输入1-25个字符的姓名'],
    [{ email: 'not-an-email' }, '邮箱格式不正确'],
    [{ email: '' }, '请输入邮箱'],
    [{ mobile: '12800000000' }, '手机号格式不正确'],
    [{ mobile: '' }, '请输入手机号'],
    [{ sms_code: '' }, '请输入6位数字验证码'],
    [{ province: '' }, '请选择省份'],
    [{ city: '' }, '请选择城市'],
    [{ district: '' }, '请选择区县'],
    [{ city: '不存在市' }, '请选择城市'],
    [{ district: '朝阳区' }, '请选择区县'],
    [{ address: '' }, '地址为1-50个字符'],
    [{ address: '路'.repeat(51) }, '地址为1-50个字符'],
    [{ postcode: '12345678901' }, '邮政编码为1-10个字符'],
    [{ qq: '0123' }, 'QQ号为4-20位数字，且不能以0开头'],
    [{ qq: '123' }, 'QQ号为4-20位数字，且不能以0开头'],
    [{ machine_count: '0' }, '注册机器数为1-300的整数'],
    [{ machine_count: '301' }, '注册机器数为1-300的整数'],
    [{ machine_count: '1.5' }, '注册机器数为1-300的整数'],
    [{ contact: '' }, '联系人为1-10个字符'],
    [{ contact: '人'.repeat(11) }, '联系人为1-10个字符'],
    [{ agree: '0' }, '请阅读并同意《用户协议》和《安装协议》'],
    [{ user_name: 'demo_agent' }, '该通行证账号已存在'],
    [{ user_name: 'DEMO_NETBAR' }, '该通行证账号已存在'],
  ])('refuses %o with its message and writes nothing', async (change, msg) => {
    const code = await sendCode('13911110003').catch(() => '000000');
    const before = [await countOf(t, 'users'), await countOf(t, 'netbars')];
    const r = await t
      .client()
      .post('/api/v1/register_netbar', { ...netbarForm('bad_input_1', '13911110003', code), ...change });
    expect([r.http, r.status, r.msg]).toEqual([400, 40000, msg]);
    expect([await countOf(t, 'users'), await countOf(t, 'netbars')]).toEqual(before);
  });

  it('a wrong code is refused and nothing is written', async () => {
    const before = await countOf(t, 'users');
    const r = await t
      .client()
      .post('/api/v1/register_netbar', netbarForm('wrong_code', '13911110004', '000000'));
    expect(r.msg).toBe('验证码错误或已过期');
    expect(await countOf(t, 'users')).toBe(before);
    expect(
      await countOf(
        t,
        'operation_log',
        "action = '注册网吧' and result = 'failure' and user_name = 'wrong_code'",
      ),
    ).toBe(1);
  });

  it('refuses an 11th account on one mobile, at the code and at registration', async () => {
    const mobile = '13911119999';
    await t.database.db.execute(
      (await import('drizzle-orm')).sql.raw(
        `insert into users (user_name, password_hash, type, mobile) select 'm10_' || g, 'x', 3, '${mobile}' from generate_series(1, 10) g`,
      ),
    );
    const r = await t.client().post('/api/v1/get_mobile_captcha', { mobile, captcha: CAPTCHA });
    expect([r.status, r.msg]).toEqual([40000, '该手机号已注册10个账号，不能再注册']);
    expect((await t.client().get('/api/v1/get_mobile_use_num', { mobile })).data).toEqual({ count: 10 });
  });
});
