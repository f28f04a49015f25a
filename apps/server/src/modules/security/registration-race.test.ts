import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA, createTestApp, type TestApp } from '../../test/harness.ts';
import { countOf, latestCode } from '../../test/kit.ts';
import { loggedFailure } from './registration.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ E2E_TEST_HOOKS: '1' });
});
afterAll(() => t.close());

const form = (kind: 'netbar' | 'agent', userName: string, mobile: string, code: string) => ({
  user_name: userName,
  password: 'pass_1234',
  confirm_password: 'pass_1234',
  true_name: '孙老板',
  email: `${mobile}@example.com`,
  mobile,
  sms_code: code,
  province: '浙江省',
  city: '杭州市',
  district: '西湖区',
  address: '文三路100号',
  postcode: '310000',
  agree: '1',
  ...(kind === 'netbar'
    ? { netbar_name: '并发网咖', machine_count: '50', contact: '小孙' }
    : { agent_name: '并发服务商' }),
});

/** Six callers, each with its own mobile and valid code, register the same name at once. */
async function race(kind: 'netbar' | 'agent', userName: string, prefix: string) {
  const forms = [];
  for (let i = 0; i < 6; i++) {
    const mobile = `${prefix}${i}`;
    const sent = await t.client().post('/api/v1/get_mobile_captcha', { mobile, captcha: CAPTCHA });
    expect(sent.status).toBe(200);
    forms.push(form(kind, userName, mobile, await latestCode(t, mobile)));
  }
  return Promise.all(forms.map((f) => t.client().post(`/api/v1/register_${kind}`, f)));
}

describe('registration races', () => {
  it.each([
    ['netbar', 'race_bar_1', '1392222000'],
    ['agent', 'race_agent_1', '1392222100'],
  ] as const)(
    '6 parallel register_%s with one name: one 200, the rest a Chinese refusal',
    async (kind, name, prefix) => {
      const answers = await race(kind, name, prefix);
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      for (const a of answers.filter((x) => x.status !== 200)) {
        expect([40000, 40009]).toContain(a.status);
        expect(a.msg).toBe('该通行证账号已存在');
      }
      expect(await countOf(t, 'users', `lower(user_name) = '${name}'`)).toBe(1);
      const table = kind === 'netbar' ? 'netbars' : 'agents';
      const named = kind === 'netbar' ? '并发网咖' : '并发服务商';
      expect(await countOf(t, table, `name = '${named}'`)).toBe(1);
    },
  );

  it('a failure row records a refusal’s message, but never the text of a system error', async () => {
    const req = { auth: null, ip: '10.1.1.1' } as unknown as FastifyRequest;
    const boom = () => Promise.reject(new Error('duplicate key value violates "users_secret_idx"'));
    await expect(loggedFailure(t.app, req, '注册网吧', 'user_name=leak_test', boom)).rejects.toThrow();
    expect(await countOf(t, 'operation_log', "target = 'user_name=leak_test' and detail = '系统错误'")).toBe(
      1,
    );
    expect(await countOf(t, 'operation_log', "detail like '%users_secret_idx%'")).toBe(0);
  });
});
