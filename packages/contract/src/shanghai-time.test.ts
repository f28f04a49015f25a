import { describe, expect, it } from 'vitest';
import { fromShanghai, shanghaiClock, shanghaiDate, shanghaiDateTime } from './shanghai-time';

describe('shanghai time: one home for the dates users see', () => {
  it('00:30 Beijing time is already the next day, though UTC is still the day before', () => {
    const at = new Date('2026-03-01T16:30:00Z'); // 2026-03-02 00:30 CST
    expect(shanghaiDate(at)).toBe('2026-03-02');
    expect(shanghaiDateTime(at)).toBe('2026-03-02 00:30:00');
  });
  it('reads CST wall-clock text back to the same instant', () => {
    expect(fromShanghai('2026-03-02 00:30:00').toISOString()).toBe('2026-03-01T16:30:00.000Z');
    expect(fromShanghai('2026-03-02').toISOString()).toBe('2026-03-01T16:00:00.000Z');
    expect(shanghaiDateTime(fromShanghai('2026-12-31 23:59:59'))).toBe('2026-12-31 23:59:59');
  });
  it('tells the CST weekday and minute of day, not the UTC ones', () => {
    // 2026-03-01 (Sunday) 16:30 UTC is Monday 2026-03-02 00:30 in Beijing.
    expect(shanghaiClock(new Date('2026-03-01T16:30:00Z'))).toEqual({ weekday: 1, minute: 30 });
    expect(shanghaiClock(fromShanghai('2025-06-06 23:59'))).toEqual({ weekday: 5, minute: 23 * 60 + 59 });
  });
});
