import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAppState, useAppState } from '../../lib/app-state';
import { setFeedback } from '../../lib/feedback';
import { resetHttp } from '../../lib/http';
import { writeUser } from '../../lib/storage';
import { makeUser } from '../../test/fixtures';
import { mockServer, renderAt } from '../../test/render';
import { UserDropdown } from './user-dropdown';

beforeEach(() => {
  resetHttp();
});

async function openMenu() {
  await userEvent.click(screen.getByTestId('user-dropdown'));
  await screen.findByText('退出登录');
}

function menuLabels(): string[] {
  return screen.getAllByRole('menuitem').map((el) => el.textContent ?? '');
}

describe('user dropdown', () => {
  it('asks 退出确认 and logs out', async () => {
    writeUser(makeUser(1));
    reloadAppState();
    const seen = mockServer(() => ({ body: { status: 200, msg: '退出成功', data: null } }));
    const { router } = renderAt('/home', '/home', <UserDropdown />);
    await openMenu();
    await userEvent.click(screen.getByText('退出登录'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('退出确认');
    expect(within(dialog).getAllByText('退出确认')[0]).toBeInTheDocument();
    expect(within(dialog).getByText('退出后将清理登陆信息，是否继续？')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('用户成功退出！')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/login'));
    expect(seen[0].url).toBe('/api/v1/logout');
    expect(seen[0].headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(useAppState.getState().user).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(sessionStorage.getItem('user')).toBeNull();
  });

  it('a refused logout still clears the session and lands on login, with no unhandled rejection', async () => {
    writeUser(makeUser(1));
    reloadAppState();
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const success = vi.fn();
    setFeedback({ success, error: vi.fn() });
    mockServer(() => ({ body: { status: 50000, msg: '服务繁忙', data: null } }));
    const { router } = renderAt('/home', '/home', <UserDropdown />);
    await openMenu();
    await userEvent.click(screen.getByText('退出登录'));
    await screen.findByRole('dialog');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/login'));
    expect(useAppState.getState().user).toBeNull();
    await new Promise((r) => setTimeout(r, 50));
    expect(success).not.toHaveBeenCalled();
    setFeedback(null);
    process.off('unhandledRejection', onRejection);
    expect(rejections).toEqual([]);
  });

  it('cancelling keeps the user logged in', async () => {
    writeUser(makeUser(1));
    reloadAppState();
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: null } }));
    renderAt('/home', '/home', <UserDropdown />);
    await openMenu();
    await userEvent.click(screen.getByText('退出登录'));
    await userEvent.click(await screen.findByRole('button', { name: /取\s*消/ }));
    expect(seen).toHaveLength(0);
    expect(useAppState.getState().user).not.toBeNull();
  });

  it('hides 账号信息 from netbar staff and 账号安全 too', async () => {
    writeUser(makeUser(5));
    reloadAppState();
    mockServer(() => ({ body: { status: 200, msg: '', data: null } }));
    renderAt('/home', '/home', <UserDropdown />);
    await openMenu();
    expect(menuLabels()).toEqual(['退出登录']);
  });

  it('offers 门店切换 to a brand administrator', async () => {
    writeUser(makeUser(3, { chain_type: 1, nid: 10, chain_id: 10 }));
    reloadAppState();
    mockServer(() => ({ body: { status: 200, msg: '', data: null } }));
    renderAt('/home', '/home', <UserDropdown />);
    await openMenu();
    expect(menuLabels()).toEqual(['账号信息', '账号安全', '门店切换', '退出登录']);
  });
});
