import { describe, expect, it } from 'vitest';
import { formatEpoch } from './format';

describe('formatEpoch', () => {
  it('formats epoch seconds as YYYY-MM-DD HH:mm:ss in local time', () => {
    const seconds = Math.floor(new Date(2024, 4, 6, 7, 8, 9).getTime() / 1000);
    expect(formatEpoch(seconds)).toBe('2024-05-06 07:08:09');
  });

  it('leaves a missing time empty', () => {
    expect(formatEpoch(null)).toBe('');
    expect(formatEpoch(0)).toBe('');
  });
});
