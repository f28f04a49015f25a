import type { Pager } from '@netbar/contract';
import { Button, DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { type FilterLoader, FilterSelect } from './filter-select';
import type { Filters, PageParams } from './page-table';
import { TotalsRow } from './totals-row';

/**
 * The pieces of a counter list with a period filter, a 合计 over the filter, export and a detail
 * (桌台订单, 交班记录, 购物订单), for `PageTable`: the period as `start`/`end` on the wire, the list and
 * export calls fed the same query, the totals row, the 收银员 filter and the detail link.
 */

/** Filters holding the period picker's value. */
export type PeriodFilters = { period?: [Dayjs, Dayjs] };

/** The filters as the list and export calls take them: the period as `start`/`end` (YYYY-MM-DD). */
export const periodParams = <F extends PeriodFilters>({ period, ...f }: F) => ({
  ...f,
  start: period?.[0]?.format('YYYY-MM-DD'),
  end: period?.[1]?.format('YYYY-MM-DD'),
});

/** `PageTable`'s `fetcher` and `onExport` over one query made from the filters, so the file is the screen. */
export function filteredCalls<F extends Filters, Q, Row>(
  toQuery: (f: F) => Q,
  list: (q: Q & { page: number; page_size: number; after?: string }) => Promise<Pager<Row>>,
  exportTo: (q: Q) => Promise<void>,
) {
  return {
    fetcher: ({ page, page_size, after, ...f }: PageParams<F>) =>
      list({ page, page_size, after, ...toQuery(f as unknown as F) }),
    onExport: (f: F) => exportTo(toQuery(f)),
  };
}

/** `PageTable`'s `summary`: the answer's `totals` as a 合计 row, nothing while the answer has none. */
export function totalsSummary<T, Row>(cells: (totals: T, page: Pager<Row>) => ReactNode[]) {
  return (p: Pager<Row>) => {
    const t = (p as Pager<Row> & { totals?: T }).totals;
    return t ? <TotalsRow cells={cells(t, p)} /> : null;
  };
}

/** The period picker of the filter row, named by what its dates are (开台日期, 下单日期…). */
export function PeriodFilter({ label }: { label: string }) {
  return (
    <Form.Item name="period">
      <DatePicker.RangePicker aria-label={label} placeholder={['开始日期', '结束日期']} />
    </Form.Item>
  );
}

/** The 收银员 filter (`cashier_id`) over the store's cashiers. */
export function CashierFilter({ loader }: { loader: FilterLoader }) {
  return (
    <Form.Item name="cashier_id">
      <FilterSelect placeholder="收银员" loader={loader} />
    </Form.Item>
  );
}

/** The 操作 column: one link that opens the row's detail. */
export const openColumn = <Row extends { id: number }>(
  label: string,
  onOpen: (id: number) => void,
  width = 70,
) => ({
  title: '操作',
  key: 'op',
  fixed: 'right' as const,
  width,
  render: (_: unknown, r: Row) => (
    <Button type="link" size="small" onClick={() => onOpen(r.id)}>
      {label}
    </Button>
  ),
});
