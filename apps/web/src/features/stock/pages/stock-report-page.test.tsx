import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockServer, renderAt } from '../../../test/render';
import StockReportPage, { REPORT_LEGEND } from './stock-report-page';

afterEach(() => vi.useRealTimers());

const empty = { list: [], count: 0, page: 1, page_size: 10, totals: {} };

describe('stock report page', () => {
  it('explains the signs: 销售 and 报损 are outflows shown as negative numbers', async () => {
    mockServer(() => ({ body: { status: 200, msg: '', data: empty } }));
    renderAt('/operating_statements/stock_report', '/operating_statements/stock_report', <StockReportPage />);
    expect(await screen.findByText(REPORT_LEGEND)).toBeTruthy();
    expect(screen.getAllByText('销售（−）').length).toBeGreaterThan(0);
    expect(screen.getAllByText('报损（−）').length).toBeGreaterThan(0);
  });

  it('at 00:30 Beijing time the default period ends on the Beijing day', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T16:30:00Z'));
    const seen = mockServer(() => ({ body: { status: 200, msg: '', data: empty } }));
    renderAt('/operating_statements/stock_report', '/operating_statements/stock_report', <StockReportPage />);
    await vi.waitFor(() => expect(seen.some((c) => c.url?.includes('stock_report'))).toBe(true));
    const call = seen.find((c) => c.url?.includes('stock_report'))!;
    expect(call.params).toMatchObject({ start: '2026-03-01', end: '2026-03-02' });
  });
});
