import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAppState, useAppState } from '../../../lib/app-state';
import { configureHttp, resetHttp } from '../../../lib/http';
import { writeUser } from '../../../lib/storage';
import { makeUser } from '../../../test/fixtures';
import { mockServer, renderAt } from '../../../test/render';
import { StoreSwitchModal } from './store-switch-modal';

const STORES = [
  { nid: 10, pid: 10, cid: 3, netbar_name: '星际网咖旗舰店', account_name: 'demo_netbar', chain_type: 1 },
  { nid: 11, pid: 10, cid: 3, netbar_name: '星际网咖二店', account_name: 'demo_netbar', chain_type: 1 },
];

const notifyError = vi.fn<(msg: string) => void>();

beforeEach(() => {
  resetHttp();
  configureHttp({ notifyError });
  notifyError.mockReset();
  writeUser(makeUser(3, { nid: 10, chain_id: 10, chain_type: 1 }));
  reloadAppState();
});

describe('store switch', () => {
  it('lists the stores (page size 20), switches and goes to /home2', async () => {
    const seen = mockServer((config) => {
      if (config.url?.endsWith('get_store_list')) {
        return { body: { status: 200, msg: '', data: { list: STORES, page: 1, page_size: 20, count: 2 } } };
      }
      return {
        body: { status: 200, msg: '切换成功', data: makeUser(3, { nid: 11, chain_id: 10, change_type: 1 }) },
      };
    });
    const onClose = vi.fn();
    const { router } = renderAt('/home', '/home', <StoreSwitchModal open onClose={onClose} />);
    const row = (await screen.findByText('星际网咖二店')).closest('tr');
    expect(seen[0].params).toMatchObject({ page: 1, page_size: 20, keyword: '' });
    expect(row).not.toBeNull();
    await userEvent.click(within(row as HTMLElement).getByRole('button', { name: /切\s*换/ }));
    expect(await screen.findByText('门店切换成功')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home2'));
    expect(onClose).toHaveBeenCalled();
    expect(String(seen[1].data)).toBe('cid=3&pid=10&nid=11&change_type=1&chain_type=1');
    expect(useAppState.getState().user?.nid).toBe(11);
  });

  it('searches by name', async () => {
    const seen = mockServer(() => ({
      body: { status: 200, msg: '', data: { list: STORES, page: 1, page_size: 20, count: 2 } },
    }));
    renderAt('/home', '/home', <StoreSwitchModal open onClose={() => {}} />);
    await screen.findByText('星际网咖二店');
    await userEvent.type(screen.getByPlaceholderText('按门店名称搜索'), '二店{Enter}');
    await waitFor(() => expect(seen[seen.length - 1].params).toMatchObject({ keyword: '二店', page: 1 }));
  });

  it('shows the server msg on failure and stays', async () => {
    mockServer((config) => {
      if (config.url?.endsWith('get_store_list')) {
        return { body: { status: 200, msg: '', data: { list: STORES, page: 1, page_size: 20, count: 2 } } };
      }
      return { status: 404, body: { status: 40004, msg: '门店不存在', data: null } };
    });
    const { router } = renderAt('/home', '/home', <StoreSwitchModal open onClose={() => {}} />);
    const row = (await screen.findByText('星际网咖二店')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: /切\s*换/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('门店不存在'));
    expect(router.state.location.pathname).toBe('/home');
    expect(useAppState.getState().user?.nid).toBe(10);
  });
});
