import { matchRoute } from '@netbar/contract';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { decide } from './decide';

const at = (path: string) => matchRoute(path);

describe('decide', () => {
  it('sends an unknown path to 404', () => {
    expect(decide(at('/nope/nothing'), makeUser(4), '/nope/nothing')).toEqual({ redirect: '/error/404' });
  });

  it('sends a visitor to login with the path as redirect', () => {
    expect(decide(at('/goods/goods_list'), null, '/goods/goods_list?page=2')).toEqual({
      redirect: `/account/login?redirect=${encodeURIComponent('/goods/goods_list?page=2')}`,
    });
    expect(decide(at('/home'), null, '/home')).toEqual({ redirect: '/account/login?redirect=%2Fhome' });
  });

  it('sends a user who just logged out to a clean login, without the page they left', () => {
    expect(decide(at('/goods/goods_list'), null, '/goods/goods_list', { loggedOut: true })).toEqual({
      redirect: '/account/login',
    });
  });

  it('lets a visitor open the public pages', () => {
    for (const path of [
      '/account/login',
      '/account/register',
      '/account/password',
      '/online_user',
      '/servece_policy',
      '/jiweitu',
      '/diagram_preview',
      '/error/403',
      '/error/404',
    ]) {
      expect(decide(at(path), null, path)).toBe('allow');
    }
  });

  it('allows a login route to any logged-in user', () => {
    expect(decide(at('/home'), makeUser(5), '/home')).toBe('allow');
    expect(decide(at('/notice/detail/12'), makeUser(5), '/notice/detail/12')).toBe('allow');
  });

  it('allows a permission route when the path ids contain its id', () => {
    expect(decide(at('/goods/goods_list'), makeUser(3), '/goods/goods_list')).toBe('allow');
    expect(decide(at('/netbarManage/list'), makeUser(1), '/netbarManage/list')).toBe('allow');
    expect(decide(at('/goods'), makeUser(3), '/goods')).toBe('allow');
  });

  it('sends a user without the permission to 403', () => {
    expect(decide(at('/goods/goods_list'), makeUser(1), '/goods/goods_list')).toEqual({
      redirect: '/error/403',
    });
    expect(decide(at('/admin/notice'), makeUser(3), '/admin/notice')).toEqual({ redirect: '/error/403' });
    expect(decide(at('/user/info'), makeUser(5), '/user/info')).toEqual({ redirect: '/error/403' });
  });

  it('lets the administrator open the admin screens', () => {
    expect(decide(at('/admin/notice'), makeUser(4), '/admin/notice')).toBe('allow');
  });

  it('hides the message centre for a netbar-client login', () => {
    expect(decide(at('/notice/list'), makeUser(3), '/notice/list', { netbarLogin: true })).toEqual({
      redirect: '/error/403',
    });
    expect(decide(at('/notice/list'), makeUser(3), '/notice/list', { netbarLogin: false })).toBe('allow');
  });
});
