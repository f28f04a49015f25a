import { describe, expect, it } from 'vitest';
import { dayRange, dayStart, monthStart, nextDay, splitMonths } from './day-bounds.ts';

const add = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

describe('CST day bounds and month splits', () => {
  it('bounds a CST day at +08:00 and steps over month and year ends', () => {
    expect(dayStart('2024-03-01')).toBe('2024-03-01T00:00:00+08:00');
    expect(nextDay('2024-02-29')).toBe('2024-03-01');
    expect(nextDay('2024-12-31')).toBe('2025-01-01');
    expect(monthStart('2024-12-15', 1)).toBe('2025-01-01');
    expect(dayRange({} as never, undefined, undefined)).toEqual([]);
  });

  it('covers every day of a range exactly once, whichever way each partial month is read', () => {
    const base = '2023-01-01';
    for (let i = 0; i < 120; i++) {
      const from = add(base, (i * 37) % 700);
      const to = add(from, 1 + ((i * 53) % 420));
      const cover = new Map<string, number>();
      for (const s of splitMonths(from, to)) {
        for (let d = s.from; d < s.to!; d = add(d, 1)) cover.set(d, (cover.get(d) ?? 0) + s.sign);
      }
      for (let d = add(from, -40); d < add(to, 40); d = add(d, 1))
        expect(cover.get(d) ?? 0, `${from}..${to} ${d}`).toBe(d >= from && d < to ? 1 : 0);
      for (const s of splitMonths(from, to))
        if (s.source === 'months')
          expect([s.from.endsWith('-01'), s.to?.endsWith('-01')]).toEqual([true, true]);
    }
  });

  it('reads month to date as one summary month', () => {
    expect(splitMonths('2024-05-01', '2024-05-29')).toEqual([
      { source: 'months', from: '2024-05-01', to: '2024-06-01', sign: 1 },
      { source: 'rows', from: '2024-05-29', to: '2024-06-01', sign: -1 },
    ]);
    expect(splitMonths('2024-05-29', null)).toEqual([
      { source: 'rows', from: '2024-05-29', to: '2024-06-01', sign: 1 },
      { source: 'months', from: '2024-06-01', to: null, sign: 1 },
    ]);
  });
});
