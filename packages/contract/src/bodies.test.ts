import { describe, expect, it } from 'vitest';
import { MSG } from './messages';
import { firstZodMessage, loginBody, storeChangeType, storeSwitchBody } from './validation';

describe('loginBody', () => {
  it('parses a form post', () => {
    const r = loginBody.parse({ user_name: 'netbar01', password: 'x', captcha: 'ab12', type: '3' });
    expect(r).toEqual({ user_name: 'netbar01', password: 'x', captcha: 'ab12', type: 3 });
  });
  it('reports the first missing field in Chinese', () => {
    const r = loginBody.safeParse({ password: 'x', captcha: 'a', type: 3 });
    expect(r.success).toBe(false);
    if (!r.success) expect(firstZodMessage(r.error)).toBe('请输入账号');
    const p = loginBody.safeParse({ user_name: 'a', captcha: 'a', type: 3 });
    if (!p.success) expect(firstZodMessage(p.error)).toBe('请输入密码');
    const c = loginBody.safeParse({ user_name: 'a', password: 'x', captcha: '', type: 3 });
    if (!c.success) expect(firstZodMessage(c.error)).toBe('请输入验证码');
    const t = loginBody.safeParse({ user_name: 'a', password: 'x', captcha: 'a', type: '9' });
    if (!t.success) expect(firstZodMessage(t.error)).toBe(MSG.userType);
    expect(p.success || c.success || t.success).toBe(false);
  });
  it('never answers in English', () => {
    const r = loginBody.safeParse(null);
    expect(r.success).toBe(false);
    const all = loginBody.safeParse({ user_name: 1, password: 2, captcha: [], type: {} });
    if (!all.success) for (const i of all.error.issues) expect(i.message).toMatch(/[\u4e00-\u9fa5]/);
  });
});

describe('storeSwitchBody', () => {
  it('coerces form strings', () => {
    const r = storeSwitchBody.parse({ cid: '1', pid: '2', nid: '2', change_type: '2', chain_type: '1' });
    expect(r).toEqual({ cid: 1, pid: 2, nid: 2, change_type: 2, chain_type: 1 });
  });
  it('rejects a bad change_type and ids', () => {
    expect(storeSwitchBody.safeParse({ cid: 1, pid: 2, nid: 3, change_type: 3, chain_type: 0 }).success).toBe(
      false,
    );
    const r = storeSwitchBody.safeParse({ cid: 'x', pid: 2, nid: 3, change_type: 1, chain_type: 0 });
    if (!r.success) expect(firstZodMessage(r.error)).toBe('参数错误');
    expect(r.success).toBe(false);
  });
  it('change type is 2 when pid equals nid', () => {
    expect(storeChangeType(5, 5)).toBe(2);
    expect(storeChangeType(5, 6)).toBe(1);
  });
});
