import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextNoticeDelay, startNoticeTimer } from './notice-timer';

const TWENTY_MINUTES = 20 * 60 * 1000;

afterEach(() => {
  vi.useRealTimers();
});

describe('nextNoticeDelay', () => {
  it('maps the random draw onto 0 to 20 minutes', () => {
    expect(nextNoticeDelay(() => 0)).toBe(0);
    expect(nextNoticeDelay(() => 0.5)).toBe(TWENTY_MINUTES / 2);
    expect(nextNoticeDelay(() => 0.999999)).toBeLessThan(TWENTY_MINUTES);
  });

  it('stays inside the range with Math.random', () => {
    for (let i = 0; i < 200; i++) {
      const d = nextNoticeDelay();
      expect(d).toBeGreaterThanOrEqual(0);
      expect(d).toBeLessThanOrEqual(TWENTY_MINUTES);
    }
  });
});

describe('startNoticeTimer', () => {
  it('draws a fresh delay for each check and stops', () => {
    vi.useFakeTimers();
    const draws = [0.1, 0.5, 0.2, 0.9];
    const random = vi.fn(() => draws.shift() ?? 0.9);
    const check = vi.fn();
    const stop = startNoticeTimer(check, random);
    vi.advanceTimersByTime(TWENTY_MINUTES * 0.1);
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TWENTY_MINUTES * 0.5 - 1);
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(check).toHaveBeenCalledTimes(2);
    expect(random).toHaveBeenCalledTimes(3);
    stop();
    vi.advanceTimersByTime(TWENTY_MINUTES * 2);
    expect(check).toHaveBeenCalledTimes(2);
  });
});
