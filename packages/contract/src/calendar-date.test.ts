import { describe, expect, it } from 'vitest';
import { installStatsQuery, isCalendarDate, netbarRemarkAddBody } from './index';

describe('calendar dates', () => {
  it('accepts real days and refuses impossible ones with the Chinese message', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2024-13-01')).toBe(false);
    expect(isCalendarDate('2024/01/01')).toBe(false);
    const r = installStatsQuery.safeParse({ date_from: '2024-04-31' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('日期格式为YYYY-MM-DD');
    expect(installStatsQuery.safeParse({ date_from: '2024-04-30' }).success).toBe(true);
    expect(
      netbarRemarkAddBody.safeParse({ netbar_id: 1, content: '回访', follow_date: '2024-02-30' }).success,
    ).toBe(false);
  });
});
