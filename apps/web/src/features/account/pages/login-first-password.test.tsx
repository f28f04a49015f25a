import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadAppState, useAppState } from '../../../lib/app-state';
import { configureHttp, resetHttp } from '../../../lib/http';
import { makeUser } from '../../../test/fixtures';
import { mockServer, renderAt } from '../../../test/render';
import LoginPage from './login-page';

const notifyError = vi.fn<(msg: string) => void>();
const MUST_CHANGE = {
  status: 400,
  body: { status: 40000, msg: '密码已被重置，请先修改密码后再登录', data: { must_change_password: 1 } },
};

beforeEach(() => {
  resetHttp();
  configureHttp({ notifyError });
  notifyError.mockReset();
  reloadAppState();
});

const errors = () => [...document.querySelectorAll('.ant-form-item-explain-error')].map((e) => e.textContent);

/** A netbar staff member whose password the owner reset logs in with the temporary one. */
async function loginAsReset() {
  await userEvent.click(screen.getByRole('combobox'));
  await userEvent.click(await screen.findByTitle('网吧员工'));
  await userEvent.type(screen.getByPlaceholderText('请输入账号'), 'ercashier');
  await userEvent.type(screen.getByPlaceholderText('请输入密码'), 'temp1234');
  await userEvent.type(screen.getByPlaceholderText('请输入验证码'), '1111');
  await userEvent.click(screen.getByRole('button', { name: /登\s*录/ }));
  await screen.findByRole('button', { name: '修改密码并登录' });
}

describe('login page: first password after a reset (decision 145)', { timeout: 60_000 }, () => {
  it('asks for a new password with the contract messages, sets it, then logs in', async () => {
    let logins = 0;
    const seen = mockServer((config) => {
      if (String(config.url).endsWith('/login')) {
        logins += 1;
        return logins === 1 ? MUST_CHANGE : { body: { status: 200, msg: '登录成功', data: makeUser(5) } };
      }
      return { body: { status: 200, msg: '密码已修改，请使用新密码登录', data: null } };
    });
    const { router } = renderAt('/account/login', '/account/login', <LoginPage />);
    await loginAsReset();
    expect(notifyError).toHaveBeenCalledWith('密码已被重置，请先修改密码后再登录');
    expect(screen.getByText('设置新密码')).toBeInTheDocument();
    expect(screen.getByText(/账号 ercashier 的密码已被重置/)).toBeInTheDocument();
    expect(useAppState.getState().user).toBeNull();

    // the old password comes from the login; emptied, every rule speaks
    const [old, fresh, again] = ['请输入原密码', '6-16位字母、数字或下划线', '请再次输入新密码'].map((p) =>
      screen.getByPlaceholderText(p),
    );
    expect(old).toHaveValue('temp1234');
    await userEvent.clear(old);
    await userEvent.click(screen.getByRole('button', { name: '修改密码并登录' }));
    await waitFor(() =>
      expect(errors()).toEqual([
        '请输入密码',
        '密码为6-16位字母、数字或下划线',
        '请再次输入密码',
        '请输入验证码',
      ]),
    );
    await userEvent.type(old, 'temp1234');
    await userEvent.type(fresh, 'ab');
    await waitFor(() => expect(errors()).toContain('密码为6-16位字母、数字或下划线'));
    await userEvent.clear(fresh);
    await userEvent.type(fresh, 'temp1234');
    await waitFor(() => expect(errors()).toContain('新密码不能与原密码相同'));
    await userEvent.clear(fresh);
    await userEvent.type(fresh, 'mine_5678');
    await userEvent.type(again, 'mine_5679');
    await waitFor(() => expect(errors()).toContain('两次输入的密码不一致'));
    expect(seen).toHaveLength(1); // nothing sent while the form is wrong

    await userEvent.clear(again);
    await userEvent.type(again, 'mine_5678');
    await userEvent.type(screen.getByPlaceholderText('请输入验证码'), '2222');
    await userEvent.click(screen.getByRole('button', { name: '修改密码并登录' }));
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/account/login'));
    expect(seen.map((c) => String(c.url).replace(/\?.*$/, ''))).toEqual([
      '/api/v1/login',
      '/api/v1/netbar_staff_first_password',
      '/api/v1/login',
    ]);
    expect(String(seen[1].data)).toBe(
      'user_name=ercashier&password=temp1234&new_password=mine_5678&confirm_password=mine_5678',
    );
    expect(String(seen[2].data)).toBe('user_name=ercashier&password=mine_5678&captcha=2222&type=5');
    expect(useAppState.getState().user?.user_name).toBe('user_5');
  });

  it('stays on the form when the server refuses the old password, and goes back to login', async () => {
    const seen = mockServer((config) =>
      String(config.url).endsWith('/login')
        ? MUST_CHANGE
        : { status: 400, body: { status: 40000, msg: '账号或密码错误', data: null } },
    );
    renderAt('/account/login', '/account/login', <LoginPage />);
    await loginAsReset();
    await userEvent.type(screen.getByPlaceholderText('6-16位字母、数字或下划线'), 'mine_5678');
    await userEvent.type(screen.getByPlaceholderText('请再次输入新密码'), 'mine_5678');
    await userEvent.type(screen.getByPlaceholderText('请输入验证码'), '2222');
    await userEvent.click(screen.getByRole('button', { name: '修改密码并登录' }));
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('账号或密码错误'));
    expect(seen).toHaveLength(2); // no login after a refused change
    expect(screen.getByRole('button', { name: '修改密码并登录' })).toBeInTheDocument();
    expect(useAppState.getState().user).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: '返回登录' }));
    expect(await screen.findByText('账号登录')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /登\s*录/ })).toBeInTheDocument();
  });
});
