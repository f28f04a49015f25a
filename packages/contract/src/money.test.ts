import { describe, expect, it } from 'vitest';
import { fenToYuan, fenToYuanNumber, fenToYuanPlain, yuanInputToFen, yuanToFen } from './money';

describe('money: one conversion between fen and yuan', () => {
  it('formats fen as yuan with grouping, exact to the fen, negatives signed', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(123456789)).toBe('1,234,567.89');
    expect(fenToYuan(-1050)).toBe('-10.50');
    // (1.005 * 100) style float noise never shows: the input is rounded to whole fen first.
    expect(fenToYuan(100.49999)).toBe('1.00');
  });
  it('plain and numeric forms agree with the text form', () => {
    for (const f of [0, 1, 99, 100, 101, 123456, -7, 2147483647]) {
      expect(fenToYuanPlain(f)).toBe(fenToYuan(f).replace(/,/g, ''));
      expect(fenToYuanNumber(f)).toBe(Number(fenToYuanPlain(f)));
      expect(yuanToFen(fenToYuanPlain(f))).toBe(f);
    }
  });
  it('reads yuan with at most two decimals', () => {
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen('-0.01')).toBe(-1);
    expect(yuanToFen('1.234')).toBeUndefined();
    expect(yuanToFen('abc')).toBeUndefined();
  });
  it('turns a form yuan number into fen without float drift', () => {
    expect(yuanInputToFen(0.29)).toBe(29);
    expect(yuanInputToFen(1.1)).toBe(110);
    expect(yuanInputToFen(19.99)).toBe(1999);
    expect(yuanInputToFen(undefined)).toBe(0);
    expect(yuanInputToFen(null)).toBe(0);
  });
});
