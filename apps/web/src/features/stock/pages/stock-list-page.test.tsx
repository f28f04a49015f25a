import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetHttp } from '../../../lib/http';
import { mockServer, renderAt } from '../../../test/render';
import StockListPage from './stock-list-page';

beforeEach(() => resetHttp());

const ROWS = [
  {
    item_kind: 'goods',
    item_id: 51,
    name: '可乐',
    unit: '瓶',
    location: 'counter',
    qty: 24,
    cost_fen: 150,
    value_fen: 3600,
    low: false,
    low_stock: 3,
  },
  {
    item_kind: 'goods',
    item_id: 52,
    name: '雪碧',
    unit: '瓶',
    location: 'warehouse',
    qty: -2,
    cost_fen: 140,
    value_fen: -280,
    low: true,
    low_stock: 3,
  },
];

describe('stock list', { timeout: 60_000 }, () => {
  it('shows each quantity with its unit and value, the low-stock flag and the totals', async () => {
    const seen = mockServer((c) =>
      (c.url ?? '').endsWith('stock_setting')
        ? { body: { status: 200, msg: '', data: { negative_policy: 'warn' } } }
        : {
            body: {
              status: 200,
              msg: '',
              data: { list: ROWS, page: 1, page_size: 10, count: 2, totals: { qty: 22, value_fen: 3320 } },
            },
          },
    );
    renderAt('/stock/stock_list', '/stock/stock_list', <StockListPage />);
    const cola = (await screen.findByText('可乐')).closest('tr') as HTMLElement;
    expect(within(cola).getByText('24 瓶')).toBeInTheDocument();
    expect(within(cola).getByText('36.00')).toBeInTheDocument();
    const sprite = screen.getByText('雪碧').closest('tr') as HTMLElement;
    expect(within(sprite).getByText('-2 瓶')).toHaveStyle({ color: '#cf1322' });
    expect(within(sprite).getByText('库存不足')).toBeInTheDocument();
    expect(await screen.findByText('合计数量 22，库存金额 33.20 元')).toBeInTheDocument();
    expect(seen.some((c) => (c.url ?? '').endsWith('stock_list'))).toBe(true);
  });
});
