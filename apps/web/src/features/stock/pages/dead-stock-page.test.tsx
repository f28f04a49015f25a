import type { DeadStockAnswer, DeadStockRow } from '@netbar/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockServer, renderAt } from '../../../test/render';
import DeadStockPage from './dead-stock-page';

vi.mock('../../../components/lazy-echart', () => ({
  LazyEChart: ({ label, option }: { label: string; option: { yAxis: { data: string[] } } }) => (
    <div role="img" aria-label={label}>
      {option.yAxis.data.join('、')}
    </div>
  ),
}));

const row = (over: Partial<DeadStockRow>): DeadStockRow => ({
  store_id: 1,
  store_name: '星际网咖旗舰店',
  item_id: 1,
  name: '耳机',
  category_name: '外设',
  unit: '个',
  qty: 10,
  value_fen: 150_000,
  last_sale_at: null,
  last_in_at: '2026-09-01 10:00:00',
  idle_days: 86,
  ...over,
});
const answer = (stores: DeadStockAnswer['stores']): DeadStockAnswer => ({
  list: [
    row({}),
    row({
      item_id: 2,
      name: '鼠标垫',
      store_id: 2,
      store_name: '星际网咖二店',
      value_fen: 2_500,
      last_sale_at: '2026-10-01 12:00:00',
      idle_days: 40,
    }),
  ],
  count: 2,
  page: 1,
  page_size: 10,
  totals: { qty: 20, value_fen: 152_500 },
  stores,
});
const chain = [
  { id: 1, name: '星际网咖旗舰店' },
  { id: 2, name: '星际网咖二店' },
];

describe('dead stock page (238)', () => {
  it('asks for 30 days by default, shows rows, 从未销售, the 合计 of every page and the chart', async () => {
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: answer(chain) } }));
    renderAt('/operating_statements/dead_stock', '/operating_statements/dead_stock', <DeadStockPage />);
    expect(await screen.findByText('从未销售')).toBeTruthy();
    expect(seen[0]!.url).toBe('/api/v1/dead_stock');
    expect(seen[0]!.params).toMatchObject({ days: 30, page: 1, page_size: 10 });
    const totals = screen.getByText('合计').closest('tr')!;
    expect(within(totals).getByText('1,525.00')).toBeTruthy();
    expect(within(totals).getByText('20')).toBeTruthy();
    // a chain: the 门店 column and the store pick
    expect(screen.getByRole('columnheader', { name: '门店' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '门店' })).toBeTruthy();
    expect(screen.getByRole('img', { name: '滞销商品库存金额' }).textContent).toBe('鼠标垫、耳机');
  });

  it('asks again for 7 days at one click; one store has no 门店 column', async () => {
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: answer([chain[0]!]) } }));
    renderAt('/operating_statements/dead_stock', '/operating_statements/dead_stock', <DeadStockPage />);
    await screen.findByText('从未销售');
    expect(screen.queryByRole('columnheader', { name: '门店' })).toBeNull();
    fireEvent.click(screen.getByText('7天'));
    fireEvent.click(screen.getByRole('button', { name: '查 询' }));
    await waitFor(() => expect(seen.some((c) => (c.params as { days: number }).days === 7)).toBe(true));
  });
});
