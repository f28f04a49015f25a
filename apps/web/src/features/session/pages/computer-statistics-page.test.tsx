import type { ComputerStatistics } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, renderAt } from '../../../test/render';
import ComputerStatisticsPage from './computer-statistics-page';

vi.mock('../../../components/lazy-echart', () => ({
  LazyEChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));
afterEach(() => vi.useRealTimers());

const machine = (id: number, over: object) => ({
  store_id: 1,
  store_name: '星际网咖旗舰店',
  machine_id: id,
  name: `A${id}`,
  area_name: '大厅',
  state: '空闲',
  sessions: 0,
  minutes: 0,
  avg_minutes: 0,
  fee_fen: 0,
  utilisation: 0,
  idle: true,
  ...over,
});
const data: ComputerStatistics = {
  stores: [
    { id: 1, name: '星际网咖旗舰店' },
    { id: 2, name: '星际网咖二店' },
  ],
  live: { in_use: 12, online: 40, total: 59 },
  summary: {
    machines: 2,
    idle_machines: 1,
    sessions: 30,
    avg_minutes: 95,
    fee_fen: 45_600,
    fee_per_machine_fen: 22_800,
    utilisation: 0.125,
  },
  heatmap: [[10, 0, 12.5]],
  areas: [],
  machines: [
    machine(1, {
      sessions: 30,
      minutes: 2850,
      avg_minutes: 95,
      fee_fen: 45_600,
      utilisation: 0.25,
      idle: false,
    }),
    machine(2, {}),
  ],
  members: { new_members: 3, returning_members: 17, days: [] },
};

describe('computer statistics page (240)', () => {
  it('asks for the last 30 Beijing days and shows live, period figures, charts and machines with 闲置 and 合计', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T16:30:00Z'));
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data } }));
    renderAt(
      '/operating_statements/computer_statistics',
      '/operating_statements/computer_statistics',
      <ComputerStatisticsPage />,
    );
    expect(await screen.findByText('上机中')).toBeTruthy();
    expect(seen[0]!.url).toBe('/api/v1/computer_statistics');
    expect(seen[0]!.params).toMatchObject({ start: '2026-02-01', end: '2026-03-02' });
    expect(seen[0]!.params).not.toHaveProperty('store_id');
    expect(screen.getAllByText('12.5%').length).toBe(2);
    expect(screen.getByText('3 / 17')).toBeTruthy();
    for (const label of ['时段在用率热力图', '区域使用率', '新老会员'])
      expect(screen.getByRole('img', { name: label })).toBeTruthy();
    expect(screen.getAllByText('闲置').length).toBe(1);
    const totals = screen.getByText('合计').closest('tr')!;
    expect(within(totals).getByText('456.00')).toBeTruthy();
    expect(within(totals).getByText('1 台闲置')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '门店' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '门店' })).toBeTruthy();
  });

  it('shows the server refusal of a bad period', async () => {
    mockServer(() => ({ body: { status: 40000, msg: '查询范围不能超过366天', data: null } }));
    renderAt(
      '/operating_statements/computer_statistics',
      '/operating_statements/computer_statistics',
      <ComputerStatisticsPage />,
    );
    await waitFor(() => expect(screen.getByText('加载数据失败')).toBeTruthy());
  });
});
