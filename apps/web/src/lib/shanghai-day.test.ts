import { afterEach, describe, expect, it, vi } from 'vitest';
import { shanghaiNow, shanghaiToday } from './shanghai-day';

afterEach(() => vi.useRealTimers());

describe('shanghai day', () => {
  it('at 00:30 Beijing time (16:30 UTC the day before) today is already the Beijing day', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-01T16:30:00Z'));
    expect(shanghaiToday()).toBe('2026-03-02');
    expect(shanghaiNow().format('HH:mm')).toBe('00:30');
    expect(shanghaiNow().startOf('month').format('YYYY-MM-DD')).toBe('2026-03-01');
  });
});
