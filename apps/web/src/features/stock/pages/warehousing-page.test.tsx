import { render, screen } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient, Providers } from '../../../app/providers';
import { mockServer } from '../../../test/render';
import WarehousingPage from './warehousing-page';

function open(path: string) {
  mockServer(() => ({
    body: { status: 200, msg: '', data: { list: [], count: 0, page: 1, page_size: 10 } },
  }));
  const router = createMemoryRouter(
    [
      {
        path: '/stock/warehousing_list',
        element: (
          <AntdApp>
            <WarehousingPage />
          </AntdApp>
        ),
      },
      { path: '/stock/inventory', element: <div>盘点单页面</div> },
    ],
    { initialEntries: [path] },
  );
  render(
    <Providers client={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('warehousing page', () => {
  it('sends stockType=check (titled 盘点单) to the count sheets', async () => {
    const router = open('/stock/warehousing_list?stockType=check');
    expect(await screen.findByText('盘点单页面')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/stock/inventory');
    expect(screen.queryByText('单据类型不存在')).toBeNull();
  });

  it('still refuses an unknown type', async () => {
    open('/stock/warehousing_list?stockType=nope');
    expect(await screen.findByText('单据类型不存在')).toBeTruthy();
  });
});
