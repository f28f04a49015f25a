import type { PublicMap } from '@netbar/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ends, ok, refused } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import PublicSeatPage from './public-seat-page';

const MAP: PublicMap = {
  store_name: '星际网咖旗舰店',
  hold_minutes: 15,
  areas: [
    {
      id: 1,
      name: '大厅',
      colour: '#1677FF',
      cols: 4,
      rows: 4,
      cells: [
        { x: 0, y: 0, kind: 'door' },
        { x: 1, y: 1, kind: 'machine', machine_id: 11 },
        { x: 2, y: 1, kind: 'machine', machine_id: 12 },
      ],
      seats: [
        { id: 11, name: 'A001', free: true },
        { id: 12, name: 'A002', free: false },
      ],
    },
  ],
};

describe('the public seat page (/jiweitu)', () => {
  it('lets a customer pick a free seat and shows the one-time code', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'seat_public_map')) return ok(MAP);
      if (ends(c, 'seat_public_reserve'))
        return ok({
          id: 1,
          code: '042817',
          machine_name: 'A001',
          expires_at: '2026-01-01 10:15:00',
          hold_minutes: 15,
        });
      return ok(null);
    });
    renderAt('/jiweitu?token=abcdefghijklmnopqrstuvwxyz012345', '/jiweitu', <PublicSeatPage />);
    await screen.findByText('星际网咖旗舰店 · 选座预订');
    expect(screen.getByRole('button', { name: 'A002 不可选' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'A001 空闲' }));
    await userEvent.type(screen.getByLabelText('手机号'), '13712345678');
    await userEvent.click(screen.getByRole('button', { name: '预订机位' }));
    expect((await screen.findByTestId('reservation-code')).textContent).toBe('042817');
    const post = seen.find((c) => ends(c, 'seat_public_reserve'))!;
    const body = new URLSearchParams(String(post.data));
    expect([body.get('machine_id'), body.get('mobile'), body.get('token')]).toEqual([
      '11',
      '13712345678',
      'abcdefghijklmnopqrstuvwxyz012345',
    ]);
  });

  it('an unknown link says so instead of showing a map', async () => {
    mockServer(() => refused('链接无效或已失效，请向门店索取新的链接', 40004));
    renderAt('/jiweitu?token=abcdefghijklmnopqrstuvwxyz000000', '/jiweitu', <PublicSeatPage />);
    expect(await screen.findByText('链接无效或已失效')).toBeTruthy();
  });

  it('without a token it does not call the server', async () => {
    const seen = mockServer(() => ok(MAP));
    renderAt('/jiweitu', '/jiweitu', <PublicSeatPage />);
    expect(await screen.findByText('链接无效或已失效')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });
});
