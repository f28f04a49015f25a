import { render } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient, Providers } from '../app/providers';
import { httpInstance } from '../lib/http';

export type Responder = (config: InternalAxiosRequestConfig) => { status?: number; body: unknown };

/** Route every request of the client through `responder`; returns the list of seen requests. */
export function mockServer(responder: Responder): InternalAxiosRequestConfig[] {
  const seen: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config);
    const { status = 200, body } = responder(config);
    const res: AxiosResponse = { data: body, status, statusText: '', headers: {}, config };
    return res;
  };
  httpInstance.defaults.adapter = adapter;
  return seen;
}

/** Render `element` at `path` inside the app providers, with a few stub routes to land on. */
export function renderAt(path: string, pattern: string, element: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: pattern, element: <AntdApp>{element}</AntdApp> },
      { path: '/home', element: <div>首页已打开</div> },
      { path: '/home2', element: <div>首页2已打开</div> },
      { path: '/account/login', element: <div>登录页已打开</div> },
      { path: '*', element: <div>其他页面</div> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router };
}
