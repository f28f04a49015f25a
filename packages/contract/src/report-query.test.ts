import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  eachDay,
  periodDays,
  periodProblem,
  previousPeriod,
  REPORT_MSG,
  reportPageQuery,
  reportPeriodQuery,
} from './report-query';

const msg = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe('report period query', () => {
  afterEach(() => vi.useRealTimers());
  // 2026-03-10 01:00 in Shanghai is still 2026-03-09 in UTC.
  const now = () => vi.useFakeTimers({ now: new Date('2026-03-09T17:00:00Z'), toFake: ['Date'] });

  it('accepts a period up to today (Asia/Shanghai) with an optional store', () => {
    now();
    const r = reportPeriodQuery.safeParse({ start: '2026-03-01', end: '2026-03-10', store_id: '7' });
    expect(r.data).toEqual({ start: '2026-03-01', end: '2026-03-10', store_id: 7 });
    expect(
      reportPeriodQuery.safeParse({ start: '2026-03-10', end: '2026-03-10', store_id: '' }).data,
    ).toEqual({
      start: '2026-03-10',
      end: '2026-03-10',
    });
  });

  it('refuses reversed, longer than 366 days and future periods in Chinese', () => {
    now();
    expect(msg(reportPeriodQuery.safeParse({ start: '2026-03-02', end: '2026-03-01' }))).toBe(
      '开始日期不能晚于结束日期',
    );
    expect(msg(reportPeriodQuery.safeParse({ start: '2025-03-09', end: '2026-03-10' }))).toBe(
      '查询范围不能超过366天',
    );
    expect(reportPeriodQuery.safeParse({ start: '2025-03-10', end: '2026-03-10' }).success).toBe(true);
    expect(msg(reportPeriodQuery.safeParse({ start: '2026-03-01', end: '2026-03-11' }))).toBe(
      '结束日期不能晚于今天',
    );
  });

  it('refuses missing, impossible dates and bad store ids', () => {
    now();
    expect(msg(reportPeriodQuery.safeParse({ end: '2026-03-01' }))).toBe('请选择开始日期');
    expect(msg(reportPeriodQuery.safeParse({ start: '2026-03-01', end: '' }))).toBe('请选择结束日期');
    expect(msg(reportPeriodQuery.safeParse({ start: '2026-02-30', end: '2026-03-01' }))).toBe(
      REPORT_MSG.badDate,
    );
    for (const store_id of ['0', '-1', 'x', '1.5', '99999999999'])
      expect(msg(reportPeriodQuery.safeParse({ start: '2026-03-01', end: '2026-03-01', store_id }))).toBe(
        '门店参数错误',
      );
  });

  it('pages only by 10, 20, 30 or 50', () => {
    now();
    const base = { start: '2026-03-01', end: '2026-03-01' };
    expect(reportPageQuery.safeParse(base).data).toMatchObject({ page: 1, page_size: 10 });
    for (const page_size of ['10', '20', '30', 50])
      expect(reportPageQuery.safeParse({ ...base, page_size }).success).toBe(true);
    for (const page_size of ['5', '25', '100', '1000', 'x'])
      expect(msg(reportPageQuery.safeParse({ ...base, page_size }))).toBe('每页条数只能是10、20、30或50');
    expect(msg(reportPageQuery.safeParse({ ...base, page: '0' }))).toBe('参数错误');
  });

  it('counts days, walks them and finds the previous period across month and year ends', () => {
    expect(periodDays('2024-02-28', '2024-03-01')).toBe(3);
    expect(eachDay('2025-12-30', '2026-01-02')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
      '2026-01-02',
    ]);
    expect(previousPeriod('2026-03-01', '2026-03-31')).toEqual({ start: '2026-01-29', end: '2026-02-28' });
    expect(previousPeriod('2026-01-01', '2026-01-01')).toEqual({ start: '2025-12-31', end: '2025-12-31' });
    expect(periodProblem({ start: '2026-01-01', end: '2026-01-05' }, '2026-01-04')).toBe(
      '结束日期不能晚于今天',
    );
  });
});
