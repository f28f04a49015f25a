import { loginBody } from '@netbar/contract';
import type { FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zodFormRules, zodRequired, zodRule } from './zod-rules';

async function run(rule: FormRule, value: unknown): Promise<string | null> {
  if (typeof rule === 'function' || !rule.validator) throw new Error('not a validator rule');
  try {
    await rule.validator({}, value, () => {});
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('zod rules adapter', () => {
  it('reports the schema message', async () => {
    const rule = zodRule(z.string({ error: '请输入内容' }).min(2, { error: '太短了' }));
    expect(await run(rule, undefined)).toBe('请输入内容');
    expect(await run(rule, 'a')).toBe('太短了');
    expect(await run(rule, 'ab')).toBeNull();
  });

  it('drives the login form from the contract schema', async () => {
    const rules = zodFormRules(loginBody);
    expect(await run(rules.user_name[0], '')).toBe('请输入账号');
    expect(await run(rules.password[0], undefined)).toBe('请输入密码');
    expect(await run(rules.captcha[0], '')).toBe('请输入验证码');
    expect(await run(rules.type[0], undefined)).toBe('请选择账号类型');
    expect(await run(rules.type[0], 3)).toBeNull();
  });

  it('knows which fields are required', () => {
    expect(zodRequired(loginBody)).toEqual({ user_name: true, password: true, captcha: true, type: true });
    expect(zodRequired(z.object({ a: z.string().optional() }))).toEqual({ a: false });
  });
});
