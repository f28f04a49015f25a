import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetHttp } from '../../../lib/http';
import { mockServer, renderAt } from '../../../test/render';
import NoticeListPage from './notice-list-page';

beforeEach(() => resetHttp());

describe('notice list', () => {
  it('shows titles, the time as YYYY-MM-DD HH:mm:ss and marks unread ones', async () => {
    const t = Math.floor(new Date(2025, 0, 2, 3, 4, 5).getTime() / 1000);
    const seen = mockServer(() => ({
      body: {
        status: 200,
        msg: '',
        data: {
          list: [
            { id: 1, title: '系统升级通知', publish_time: t, is_read: false },
            { id: 2, title: '春节安排', publish_time: t, is_read: true },
          ],
          page: 1,
          page_size: 10,
          count: 2,
        },
      },
    }));
    renderAt('/notice/list', '/notice/list', <NoticeListPage />);
    expect(await screen.findByText('系统升级通知')).toBeInTheDocument();
    expect(screen.getAllByText('2025-01-02 03:04:05')).toHaveLength(2);
    expect(screen.getByText('未读')).toBeInTheDocument();
    expect(screen.getByText('已读')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /系统升级通知/ })).toHaveAttribute('href', '/notice/detail/1');
    expect(seen[0].params).toMatchObject({ page: 1, page_size: 10 });
  });
});
