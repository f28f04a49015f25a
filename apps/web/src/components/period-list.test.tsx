import type { Pager } from '@netbar/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../test/render';
import { PageTable } from './page-table';
import {
  CashierFilter,
  filteredCalls,
  openColumn,
  PeriodFilter,
  type PeriodFilters,
  periodParams,
  totalsSummary,
} from './period-list';

type Row = { id: number; name: string; fen: number };
type Filters = PeriodFilters & { cashier_id?: number };
type Answer = Pager<Row> & { totals?: { fen: number } };

describe('period list pieces', () => {
  it('sends the period as start/end and keeps the other filters; no period, no dates', () => {
    const period: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-01-05'), dayjs('2026-01-31')];
    expect(periodParams({ period, cashier_id: 3 })).toEqual({
      cashier_id: 3,
      start: '2026-01-05',
      end: '2026-01-31',
    });
    expect(periodParams<Filters>({ cashier_id: 3 })).toEqual({
      cashier_id: 3,
      start: undefined,
      end: undefined,
    });
  });

  it('lists and exports with the same query, shows the 合计 row and opens a row', async () => {
    const list = vi.fn(
      async (): Promise<Answer> => ({
        list: [{ id: 7, name: '甲', fen: 300 }],
        page: 1,
        page_size: 10,
        count: 1,
        totals: { fen: 300 },
      }),
    );
    const exportTo = vi.fn(async () => undefined);
    const onOpen = vi.fn();
    renderAt(
      '/x',
      '/x',
      <PageTable<Row, Filters>
        queryKey={['period-list']}
        {...filteredCalls(periodParams<Filters>, list, exportTo)}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '金额', dataIndex: 'fen' },
          openColumn('详情', onOpen),
        ]}
        rowKey="id"
        summary={totalsSummary<{ fen: number }, Row>((t, p) => [`${p.count}笔`, String(t.fen), ''])}
        initialFilters={{ period: [dayjs('2026-01-05'), dayjs('2026-01-31')] }}
        filterFields={
          <>
            <PeriodFilter label="下单日期" />
            <CashierFilter loader={async () => [{ value: 3, label: '小王' }]} />
          </>
        }
      />,
    );
    expect(await screen.findByText('合计')).toBeInTheDocument();
    expect(screen.getByText('1笔')).toBeInTheDocument();
    const query = { start: '2026-01-05', end: '2026-01-31' };
    expect(list).toHaveBeenCalledWith({ page: 1, page_size: 10, after: undefined, ...query });
    expect(screen.getAllByLabelText('下单日期').length).toBeGreaterThan(0);
    expect(screen.getByText('收银员')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /导\s*出/ }));
    await waitFor(() => expect(exportTo).toHaveBeenCalledWith(query));
    await userEvent.click(screen.getByRole('button', { name: '详情' }));
    expect(onOpen).toHaveBeenCalledWith(7);
  });

  it('shows no 合计 row while the answer has no totals', async () => {
    const list = vi.fn(async (): Promise<Answer> => ({ list: [], page: 1, page_size: 10, count: 0 }));
    renderAt(
      '/x',
      '/x',
      <PageTable<Row, Filters>
        queryKey={['period-list-none']}
        {...filteredCalls(periodParams<Filters>, list, async () => undefined)}
        columns={[{ title: '名称', dataIndex: 'name' }]}
        rowKey="id"
        summary={totalsSummary<{ fen: number }, Row>((t) => [String(t.fen)])}
      />,
    );
    await waitFor(() => expect(list).toHaveBeenCalled());
    expect(await screen.findAllByText('暂无数据')).not.toHaveLength(0);
    expect(screen.queryByText('合计')).toBeNull();
  });
});
