import type { SalesRankingAnswer } from '@netbar/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockServer, renderAt } from '../../../test/render';
import SalesRankingPage from './sales-ranking-page';

vi.mock('../../../components/lazy-echart', () => ({
  LazyEChart: ({ label }: { label: string }) => <div role="img" aria-label={label} />,
}));

const fig = (qty: number, revenue_fen: number, cost_fen: number) => ({
  qty,
  revenue_fen,
  cost_fen,
  profit_fen: revenue_fen - cost_fen,
});
const answer: SalesRankingAnswer = {
  list: [
    { rank: 1, name: '可口可乐', category_name: '饮料', is_group: false, ...fig(120, 36_000, 18_000) },
    { rank: 2, name: '开黑套餐', category_name: '套餐', is_group: true, ...fig(10, 25_000, 12_000) },
  ],
  count: 2,
  page: 1,
  page_size: 10,
  totals: fig(130, 61_000, 30_000),
  by_category: [{ category_name: '饮料', ...fig(120, 36_000, 18_000) }],
  by_source: [{ source: 'counter', ...fig(130, 61_000, 30_000) }],
  stores: [{ id: 1, name: '星际网咖旗舰店' }],
};

describe('sales ranking page (237)', () => {
  it('ranks by 销量 by default, shows 套餐, the 合计 of every page and the charts; 按毛利 asks again', async () => {
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: answer } }));
    renderAt(
      '/operating_statements/sales_ranking',
      '/operating_statements/sales_ranking',
      <SalesRankingPage />,
    );
    expect(await screen.findByText('可口可乐')).toBeTruthy();
    expect(seen[0]!.url).toBe('/api/v1/sales_ranking');
    expect(seen[0]!.params).toMatchObject({ rank_by: 'qty', page: 1, page_size: 10 });
    expect(screen.getByText('套餐', { selector: '.ant-tag' })).toBeTruthy();
    const totals = screen.getByText('合计').closest('tr')!;
    expect(within(totals).getByText('610.00')).toBeTruthy();
    expect(within(totals).getByText('310.00')).toBeTruthy();
    for (const label of ['销售排行图', '分类销售额', '来源销售额'])
      expect(screen.getByRole('img', { name: label })).toBeTruthy();
    // one store: no store pick
    expect(screen.queryByRole('combobox', { name: '门店' })).toBeNull();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '排序' }));
    fireEvent.click(await screen.findByText('按毛利'));
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() =>
      expect(seen.some((c) => (c.params as { rank_by?: string }).rank_by === 'profit')).toBe(true),
    );
  });
});
