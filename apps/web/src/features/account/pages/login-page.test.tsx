import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAppState, useAppState } from '../../../lib/app-state';
import { configureHttp, resetHttp } from '../../../lib/http';
import { makeUser } from '../../../test/fixtures';
import { mockServer, renderAt } from '../../../test/render';
import LoginPage from './login-page';

const notifyError = vi.fn<(msg: string) => void>();

beforeEach(() => {
  resetHttp();
  configureHttp({ notifyError });
  notifyError.mockReset();
  reloadAppState();
});

async function chooseType(label: string) {
  await userEvent.click(screen.getByRole('combobox'));
  await userEvent.click(await screen.findByTitle(label));
}

describe('login page', () => {
  it('shows the contract messages for empty fields', async () => {
    mockServer(() => ({ body: { status: 200, msg: '', data: {} } }));
    renderAt('/account/login', '/account/login', <LoginPage />);
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    // the error lines themselves (the select's placeholder says 请选择账号类型 too)
    const errors = () =>
      [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);
    await waitFor(() =>
      expect(errors()).toEqual(['请选择账号类型', '请输入账号', '请输入密码', '请输入验证码']),
    );
    for (const name of ['账号', '密码', '验证码']) {
      expect(screen.getByLabelText(name)).toHaveAttribute('aria-invalid', 'true');
    }
  });

  it('offers the six account types in Chinese and links to register and password', async () => {
    mockServer(() => ({ body: { status: 200, msg: '', data: {} } }));
    renderAt('/account/login', '/account/login', <LoginPage />);
    await userEvent.click(screen.getByRole('combobox'));
    for (const label of ['代理商', '代理商员工', '网吧', '内部管理员', '网吧员工', '支付公司']) {
      expect(await screen.findByTitle(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: '注册账号' })).toHaveAttribute('href', '/account/register');
    expect(screen.getByRole('link', { name: '忘记密码' })).toHaveAttribute('href', '/account/password');
  });

  it('logs in, stores the user and goes to the redirect', async () => {
    const seen = mockServer(() => ({ body: { status: 200, msg: '登录成功', data: makeUser(3) } }));
    const { router } = renderAt(
      `/account/login?redirect=${encodeURIComponent('/goods/goods_list')}`,
      '/account/login',
      <LoginPage />,
    );
    await chooseType('网吧');
    await userEvent.type(screen.getByPlaceholderText('请输入账号'), 'demo_netbar');
    await userEvent.type(screen.getByPlaceholderText('请输入密码'), 'demo123456');
    await userEvent.type(screen.getByPlaceholderText('请输入验证码'), '1234');
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/goods/goods_list'));
    expect(String(seen[0].data)).toBe('user_name=demo_netbar&password=demo123456&captcha=1234&type=3');
    expect(useAppState.getState().user?.user_name).toBe('user_3');
    expect(sessionStorage.getItem('user')).not.toBeNull();
  });

  it('shows the server error and refreshes the captcha after a failure', async () => {
    mockServer(() => ({ status: 400, body: { status: 40000, msg: '验证码错误或已过期', data: null } }));
    renderAt('/account/login', '/account/login', <LoginPage />);
    const before = screen.getByAltText('验证码').getAttribute('src');
    await chooseType('代理商');
    await userEvent.type(screen.getByPlaceholderText('请输入账号'), 'demo_agent');
    await userEvent.type(screen.getByPlaceholderText('请输入密码'), 'demo123456');
    await userEvent.type(screen.getByPlaceholderText('请输入验证码'), '9999');
    await new Promise((r) => setTimeout(r, 5));
    await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('验证码错误或已过期'));
    await waitFor(() => expect(screen.getByAltText('验证码').getAttribute('src')).not.toBe(before));
    expect(screen.getByPlaceholderText('请输入验证码')).toHaveValue('');
    expect(useAppState.getState().user).toBeNull();
  });

  it('refreshes the captcha on click', async () => {
    mockServer(() => ({ body: { status: 200, msg: '', data: {} } }));
    renderAt('/account/login', '/account/login', <LoginPage />);
    const img = screen.getByAltText('验证码');
    const before = img.getAttribute('src');
    expect(before).toMatch(/^\/api\/v1\/get_captcha_img\?t=\d+$/);
    await new Promise((r) => setTimeout(r, 5));
    await userEvent.click(img);
    expect(screen.getByAltText('验证码').getAttribute('src')).not.toBe(before);
  });
});
