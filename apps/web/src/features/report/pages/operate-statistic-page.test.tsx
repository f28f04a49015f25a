import type { OperateFigures, OperateStatistic } from '@netbar/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockServer, renderAt } from '../../../test/render';
import OperateStatisticPage from './operate-statistic-page';

vi.mock('../../../components/lazy-echart', () => ({
  LazyEChart: ({ label, option }: { label: string; option: { xAxis: { data: string[] } } }) => (
    <div role="img" aria-label={label}>
      {option.xAxis.data.join('、')}
    </div>
  ),
}));

const fig = (yuan: number): OperateFigures => ({
  online_fen: yuan * 40,
  goods_fen: yuan * 30,
  desk_fen: yuan * 20,
  lease_fen: yuan * 10,
  revenue_fen: yuan * 100,
  topup_fen: yuan * 50,
  bonus_fen: yuan * 5,
  topups: 2,
  refund_fen: yuan,
  cash_fen: yuan * 60,
  scan_fen: yuan * 20,
  member_fen: yuan * 30,
  net_cash_fen: yuan * 80,
  imported_fen: 0,
  orders: 3,
  sessions: 4,
});
const sum = (a: OperateFigures, b: OperateFigures) =>
  Object.fromEntries(
    Object.keys(a).map((k) => [k, a[k as keyof OperateFigures] + b[k as keyof OperateFigures]]),
  ) as unknown as OperateFigures;

const answer = (storeCount: number): OperateStatistic => {
  const stores = [
    { id: 1, name: '星际网咖旗舰店', totals: fig(300), previous: fig(200) },
    { id: 2, name: '星际网咖二店', totals: fig(100), previous: fig(100) },
  ].slice(0, storeCount);
  const totals = stores.map((s) => s.totals).reduce(sum);
  return {
    start: '2026-11-24',
    end: '2026-11-25',
    group: 'day',
    rows: [
      { ...fig(storeCount === 2 ? 150 : 100), label: '2026-11-24', start: '2026-11-24', end: '2026-11-24' },
      { ...fig(storeCount === 2 ? 250 : 200), label: '2026-11-25', start: '2026-11-25', end: '2026-11-25' },
    ],
    totals,
    previous: { start: '2026-11-22', end: '2026-11-23', totals: stores.map((s) => s.previous).reduce(sum) },
    stores,
    choices: [
      { id: 1, name: '星际网咖旗舰店' },
      { id: 2, name: '星际网咖二店' },
    ].slice(0, storeCount),
  };
};

describe('operate statistic page (241)', () => {
  it('asks for the last 30 days by day and shows the cards, chart, stores side by side and 合计', async () => {
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: answer(2) } }));
    renderAt(
      '/operating_statements/operate_statistic',
      '/operating_statements/operate_statistic',
      <OperateStatisticPage />,
    );
    expect(await screen.findByText('门店对比')).toBeTruthy();
    expect(seen[0]!.url).toBe('/api/v1/operate_statistic');
    expect(seen[0]!.params).toMatchObject({ group: 'day' });
    expect(seen[0]!.params).not.toHaveProperty('store_id');
    // 营业收入 400 × 100 fen = ¥40,000 against ¥30,000 before: ↑33.3%
    expect(screen.getAllByText('↑33.3%').length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: '营业收入按来源' }).textContent).toBe('2026-11-24、2026-11-25');
    const storeTable = screen.getByText('门店对比').closest('.ant-card') as HTMLElement;
    const total = within(storeTable).getByText('合计').closest('tr') as HTMLElement;
    expect(within(total).getByText('400.00')).toBeTruthy();
    expect(within(storeTable).getByText('星际网咖二店')).toBeTruthy();
  });

  it('asks again by week and for one store; one store shows no comparison table', async () => {
    const seen = mockServer((req) => ({
      body: { status: 200, msg: '', data: answer(req.params?.store_id ? 1 : 2) },
    }));
    renderAt(
      '/operating_statements/operate_statistic',
      '/operating_statements/operate_statistic',
      <OperateStatisticPage />,
    );
    await screen.findByText('门店对比');
    fireEvent.click(screen.getByText('按周'));
    await waitFor(() => expect(seen.at(-1)!.params).toMatchObject({ group: 'week' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '门店' }));
    fireEvent.click(await screen.findByTitle('星际网咖旗舰店'));
    await waitFor(() => expect(seen.at(-1)!.params).toMatchObject({ store_id: 1, group: 'week' }));
    await waitFor(() => expect(screen.queryByText('门店对比')).toBeNull());
  });
});
