import { render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers';
import RegisterResultPage from './register-result-page';

function open(entry: string | { pathname: string; state: unknown }) {
  const router = createMemoryRouter(
    [
      {
        path: '/account/registerResult',
        element: (
          <AntdApp>
            <RegisterResultPage />
          </AntdApp>
        ),
      },
      { path: '/account/login', element: <div>登录页已打开</div> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}

describe('register result page', () => {
  it('opened directly goes to login instead of 注册成功 with an empty name', async () => {
    open('/account/registerResult');
    expect(await screen.findByText('登录页已打开')).toBeTruthy();
    expect(screen.queryByText('注册成功')).toBeNull();
  });

  it('right after a registration names the new account', async () => {
    open({
      pathname: '/account/registerResult',
      state: { registered: { type: 3, user_name: 'new_netbar' } },
    });
    expect(await screen.findByText('注册成功')).toBeTruthy();
    expect(screen.getByText('new_netbar')).toBeTruthy();
  });
});
