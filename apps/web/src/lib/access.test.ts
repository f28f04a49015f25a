import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { canSwitchStore, hasButton, isBrandAdmin, sidebarMenu, userMenuKeys } from './access';

describe('userMenuKeys', () => {
  it('offers info, safe and logout to an agent', () => {
    expect(userMenuKeys(makeUser(1))).toEqual(['info', 'safe', 'logout']);
  });

  it('hides 账号信息 from agent staff (type 2)', () => {
    expect(userMenuKeys(makeUser(2))).toEqual(['safe', 'logout']);
  });

  it('hides 账号信息 and 账号安全 from netbar staff (type 5)', () => {
    expect(userMenuKeys(makeUser(5))).toEqual(['logout']);
  });

  it('offers 门店切换 to a netbar logged in through a sub-store', () => {
    expect(userMenuKeys(makeUser(3, { change_type: 1, nid: 12, chain_id: 0 }))).toEqual([
      'info',
      'safe',
      'switch',
      'logout',
    ]);
  });

  it('offers nothing to a logged-out visitor', () => {
    expect(userMenuKeys(null)).toEqual([]);
  });
});

describe('store switch and brand administrator', () => {
  it('a chain head at its own store is brand administrator and may switch', () => {
    const head = makeUser(3, { chain_type: 1, nid: 10, login_id: 10, chain_id: 10 });
    expect(isBrandAdmin(head)).toBe(true);
    expect(canSwitchStore(head)).toBe(true);
  });

  it('a store of a chain may switch but is not brand administrator', () => {
    const store = makeUser(3, { chain_type: 1, nid: 11, login_id: 11, chain_id: 10 });
    expect(isBrandAdmin(store)).toBe(false);
    expect(canSwitchStore(store)).toBe(true);
  });

  it('the chain head stays brand administrator after switching to a sub-store', () => {
    const head = makeUser(3, { chain_type: 1, nid: 11, login_id: 10, chain_id: 10, change_type: 1 });
    expect(isBrandAdmin(head)).toBe(true);
  });

  it('a single netbar without chain may not switch', () => {
    expect(canSwitchStore(makeUser(3, { nid: 11, chain_id: 0, change_type: 0 }))).toBe(false);
  });

  it('only netbar users and their staff switch stores', () => {
    expect(canSwitchStore(makeUser(1, { change_type: 1, chain_id: 5 }))).toBe(false);
    expect(canSwitchStore(makeUser(5, { chain_type: 1, nid: 5, chain_id: 5 }))).toBe(true);
    expect(userMenuKeys(makeUser(5, { chain_id: 5 }))).toEqual(['switch', 'logout']);
    expect(isBrandAdmin(makeUser(5, { chain_type: 1, nid: 5, chain_id: 5 }))).toBe(false);
  });
});

describe('sidebarMenu', () => {
  it('lists the message centre normally', () => {
    const paths = sidebarMenu(makeUser(1), false).map((n) => n.path);
    expect(paths).toContain('/notice/list');
    expect(paths).toContain('/netbarManage');
  });

  it('hides the message centre for a netbar-client login', () => {
    const paths = sidebarMenu(makeUser(1), true).map((n) => n.path);
    expect(paths).not.toContain('/notice/list');
  });

  it('never lists hidden routes', () => {
    const all = sidebarMenu(makeUser(4), false).flatMap((n) => [n, ...(n.children ?? [])]);
    expect(all.some((n) => n.hidden)).toBe(false);
  });
});

describe('hasButton', () => {
  it('reads the available flag', () => {
    const user = makeUser(3);
    user.auth.btn = [
      { name: 'login_panda', available: true },
      { name: 'netbar_import_old_data', available: false },
    ];
    expect(hasButton(user, 'login_panda')).toBe(true);
    expect(hasButton(user, 'netbar_import_old_data')).toBe(false);
  });
});
