import { describe, expect, it } from 'vitest';
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
});
