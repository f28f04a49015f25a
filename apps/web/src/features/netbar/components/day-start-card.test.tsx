import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockServer, renderAt } from '../../../test/render';
import { DayStartCard } from './day-start-card';

describe('营业日设置 (decision 151)', () => {
  it('shows the store day start and saves it as HH:mm', async () => {
    const seen = mockServer(() => ({
      body: {
        status: 200,
        msg: '保存成功',
        data: {
          day_start: '06:30',
          updated_by: '',
          updated_at: null,
        },
      },
    }));
    renderAt('/basicsSettings/site_list', '/basicsSettings/site_list', <DayStartCard />);
    await waitFor(() =>
      expect((screen.getByLabelText('营业日开始时间') as HTMLInputElement).value).toBe('06:30'),
    );
    expect(screen.getByText(/凌晨3:00的消费计入前一天/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保 存' }));
    await waitFor(() => expect(seen.some((r) => r.url === '/api/v1/report_day_start_save')).toBe(true));
    const post = seen.find((r) => r.url === '/api/v1/report_day_start_save');
    expect(String(post?.data)).toContain('day_start=06%3A30');
  });
});
