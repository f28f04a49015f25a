import type { PandaBinding } from '@netbar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogHarness, ends, ok, settle } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { PartnerDialog, REGISTER_TEXT } from './partner-dialog';

const onClose = vi.fn();
const { notifyError, success } = dialogHarness(onClose);
const UNBOUND: PandaBinding = { bound: false, user_name: '', origin: '', bound_at: '' };
const LINK = 'http://127.0.0.1:4610/partner/welcome?ticket=abc';
let opened: { url: string; at: number }[];
let toastAt = 0;
beforeEach(() => {
  opened = [];
  vi.spyOn(window, 'open').mockImplementation((url) => {
    opened.push({ url: String(url), at: Date.now() });
    return null;
  });
  success.mockImplementation(() => {
    toastAt = Date.now();
  });
});
afterEach(() => vi.restoreAllMocks());

function server(answer: { status: 0 | 1; msg: string }, binding: PandaBinding = UNBOUND) {
  return mockServer((c) => {
    if (ends(c, 'panda_binding')) return ok(binding);
    if (ends(c, 'bind_panda') || ends(c, 'fast_register_panda') || ends(c, 'fast_login_panda'))
      return ok({ ...answer, tips: answer.status === 1 ? LINK : '' });
    if (ends(c, 'unBind_panda')) return ok({ user_name: 'panda_demo' }, '已解绑');
    return ok(null);
  });
}
const show = () => renderAt('/x', '/x', <PartnerDialog open onClose={onClose} />);
const body = (c: InternalAxiosRequestConfig | undefined) => new URLSearchParams(String(c?.data));

describe('合作平台账号', { timeout: 30_000 }, () => {
  it('binds with the MD5 password; status 1 closes, toasts and opens the link 300 ms later in a new tab', async () => {
    const seen = server({ status: 1, msg: '绑定成功' });
    show();
    expect(await screen.findByText('绑定合作平台账号')).toBeInTheDocument();
    expect(document.querySelector('.ant-modal')).toHaveStyle({ width: '420px' });
    await userEvent.type(screen.getByLabelText('账号'), 'panda_demo');
    await userEvent.type(screen.getByLabelText('密码'), 'panda123');
    await userEvent.click(screen.getByRole('button', { name: '绑 定' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('绑定成功'));
    expect(onClose).toHaveBeenCalled();
    const sent = body(seen.find((c) => ends(c, 'bind_panda')));
    expect(sent.get('user_name')).toBe('panda_demo');
    expect(sent.get('password')).toBe('66cc790514a332e6ce232d50d01ccd41');
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]?.url).toBe(LINK);
    expect(opened[0]!.at - toastAt).toBeGreaterThanOrEqual(290);
    expect(window.open).toHaveBeenCalledWith(LINK, '_blank');
  });

  it('a status other than 1 toasts the msg as an error and stays open', async () => {
    server({ status: 0, msg: '合作平台账号或密码错误' });
    show();
    await userEvent.type(await screen.findByLabelText('账号'), 'panda_demo');
    await userEvent.type(screen.getByLabelText('密码'), 'bad');
    await userEvent.click(screen.getByRole('button', { name: '绑 定' }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('合作平台账号或密码错误'));
    await settle();
    expect(onClose).not.toHaveBeenCalled();
    expect(opened).toHaveLength(0);
  });

  it('asks for the account and the password before sending anything', async () => {
    const seen = server({ status: 1, msg: '绑定成功' });
    show();
    await userEvent.click(await screen.findByRole('button', { name: '绑 定' }));
    expect(await screen.findByText('请输入账号')).toBeInTheDocument();
    expect(screen.getByText('请输入密码')).toBeInTheDocument();
    expect(seen.some((c) => ends(c, 'bind_panda'))).toBe(false);
  });

  it('switches to quick register and back; register sends no payload; closing resets to bind and clears', async () => {
    const seen = server({ status: 1, msg: '注册成功，已绑定' });
    const { unmount } = show();
    await userEvent.type(await screen.findByLabelText('账号'), 'typed');
    await userEvent.click(screen.getByText('没有合作平台账号？快速注册'));
    expect(screen.getByText('快速注册合作平台账号')).toBeInTheDocument();
    expect(screen.getByText(REGISTER_TEXT)).toBeInTheDocument();
    await userEvent.click(screen.getByText('已有合作平台账号？去绑定'));
    expect(screen.getByLabelText('账号')).toHaveValue('typed');
    await userEvent.click(screen.getByText('没有合作平台账号？快速注册'));
    await userEvent.click(document.querySelector('.ant-modal-close') as HTMLElement);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByText('绑定合作平台账号')).toBeInTheDocument();
    expect(screen.getByLabelText('账号')).toHaveValue('');
    await userEvent.click(screen.getByText('没有合作平台账号？快速注册'));
    await userEvent.click(screen.getByRole('button', { name: '快速注册' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(String(seen.find((c) => ends(c, 'fast_register_panda'))?.data)).toBe('');
    unmount();
  });

  it('a click outside does not close it', async () => {
    server({ status: 1, msg: '' });
    show();
    await screen.findByText('绑定合作平台账号');
    const wrap = document.querySelector('.ant-modal-wrap') as HTMLElement;
    await userEvent.click(wrap);
    await settle();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows the bound account with 进入合作平台 (fast_login_panda) and 解绑 (GET unBind_panda)', async () => {
    const seen = server(
      { status: 1, msg: '登录链接已生成' },
      { bound: true, user_name: 'panda_demo', origin: 'bind', bound_at: '2026-11-29 16:00:00' },
    );
    show();
    expect(await screen.findByText('已绑定合作平台账号：panda_demo')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '进入合作平台' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: '解 绑' }));
    await userEvent.click(await screen.findByRole('button', { name: '确 定' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('已解绑合作平台账号'));
    const unbind = seen.find((c) => ends(c, 'unBind_panda'));
    expect(unbind?.method).toBe('get');
  });
});
