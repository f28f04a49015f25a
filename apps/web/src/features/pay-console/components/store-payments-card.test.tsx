import type { ImportedCollectionRow } from '@netbar/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dialogHarness, ends, ok } from '../../../test/dialog-kit';
import { mockServer, renderAt } from '../../../test/render';
import { fetchImportedCollections } from './imported-collections-table';
import { StorePaymentsCard } from './store-payments-card';

dialogHarness();

const ROW: ImportedCollectionRow = {
  id: 7,
  product: 10,
  product_name: '合作伙伴5.0',
  trade_no: 'OLD20250301001',
  paid_at: '2025-03-01 09:00:00',
  amount_fen: 2550,
  method: '微信',
  payer: '张三',
  source: '历史导入',
};

describe('收款记录: 扫码收款记录 and 历史导入 tabs', { timeout: 60_000 }, () => {
  it('历史导入 lists the old product’s records read-only with the filter’s total', async () => {
    const seen = mockServer((c) => {
      if (ends(c, 'store_trade_list')) return ok({ list: [], next: null, totals: { count: 0 } });
      if (ends(c, 'imported_collection_list'))
        return ok({ list: [ROW], page: 1, page_size: 10, count: 1, total_fen: 12_345 });
      return ok(null);
    });
    renderAt('/p', '/p', <StorePaymentsCard />);
    await userEvent.click(screen.getByRole('tab', { name: '历史导入' }));
    const row = await screen.findByRole('row', { name: /OLD20250301001/ });
    expect(within(row).getByText('历史导入')).toBeTruthy();
    expect(within(row).getByText('¥25.50')).toBeTruthy();
    expect(within(row).queryByRole('button')).toBeNull();
    expect(screen.getByText('¥123.45')).toBeTruthy();
    expect(screen.getByRole('button', { name: /导出/ })).toBeTruthy();
    await waitFor(() => expect(seen.some((c) => ends(c, 'imported_collection_list'))).toBe(true));
  });

  it('the day filter goes to the server as start and end', async () => {
    const seen = mockServer(() => ok({ list: [], page: 1, page_size: 10, count: 0, total_fen: 0 }));
    const dayjs = (await import('dayjs')).default;
    await fetchImportedCollections({
      period: [dayjs('2025-03-01'), dayjs('2025-03-02')],
      page: 2,
      page_size: 20,
    });
    expect(seen[0]?.params).toMatchObject({ start: '2025-03-01', end: '2025-03-02', page: 2, page_size: 20 });
  });
});
