import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { afterLoginPath } from './redirect';

describe('afterLoginPath', () => {
  it('goes to the redirect query', () => {
    expect(afterLoginPath(`?redirect=${encodeURIComponent('/goods/goods_list?page=2')}`)).toBe(
      '/goods/goods_list?page=2',
    );
  });

  it('goes to /home without a redirect', () => {
    expect(afterLoginPath('')).toBe('/home');
  });

  it('refuses other sites and the login page itself', () => {
    expect(afterLoginPath('?redirect=https://evil.example')).toBe('/home');
    expect(afterLoginPath('?redirect=//evil.example')).toBe('/home');
    expect(afterLoginPath('?redirect=/account/login')).toBe('/home');
  });

  it('falls back to home when the new user may not open the previous page', () => {
    const goods = `?redirect=${encodeURIComponent('/goods/goods_list')}`;
    expect(afterLoginPath(goods, makeUser(3))).toBe('/goods/goods_list');
    expect(afterLoginPath(goods, makeUser(1))).toBe('/home');
    expect(afterLoginPath('?redirect=/admin/notice', makeUser(4))).toBe('/admin/notice');
    expect(afterLoginPath('?redirect=/admin/notice', makeUser(6))).toBe('/home');
    expect(afterLoginPath('?redirect=/error/403', makeUser(1))).toBe('/home');
    expect(afterLoginPath('?redirect=/no/such/page', makeUser(1))).toBe('/home');
  });
});
