import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyEChart } from './lazy-echart';
import { REPORT_PRINT_CSS, ReportPrintStyle } from './report-print';

const calls = vi.hoisted(() => ({ init: [] as unknown[][], options: [] as unknown[], disposed: 0 }));
vi.mock('echarts/core', () => ({
  use: () => {},
  init: (...a: unknown[]) => {
    calls.init.push(a);
    return {
      setOption: (o: unknown) => calls.options.push(o),
      resize: () => {},
      dispose: () => {
        calls.disposed++;
      },
    };
  },
}));

describe('shared chart', () => {
  it('loads lazily, draws in zh-CN with the option given and is disposed on unmount', async () => {
    const option = { xAxis: { type: 'category', data: ['一'] }, series: [{ type: 'bar', data: [1] }] };
    const r = render(<LazyEChart option={option} label="测试图" height={200} />);
    expect(screen.getByRole('img', { name: '测试图' })).toBeTruthy();
    await waitFor(() => expect(calls.options).toEqual([option]));
    expect(calls.init[0]![2]).toEqual({ locale: 'ZH' });
    r.unmount();
    expect(calls.disposed).toBe(1);
  });

  it('print stylesheet hides the menus, header and pagers and keeps tables whole', () => {
    const { container } = render(<ReportPrintStyle />);
    expect(container.querySelector('style')?.textContent).toBe(REPORT_PRINT_CSS);
    expect(REPORT_PRINT_CSS).toContain('[data-testid="sidebar"]');
    expect(REPORT_PRINT_CSS).toMatch(/\.ant-layout-header[^{]*\{ display: none/);
    expect(REPORT_PRINT_CSS).toContain('.ant-pagination');
  });
});
