import { describe, expect, it } from 'vitest';
import { regionQuery } from './region-filter';

describe('netbar list region filter', () => {
  it('turns the chosen path into province, city and district (any depth)', () => {
    expect(regionQuery(['上海市', '上海市', '徐汇区'])).toEqual({
      province: '上海市',
      city: '上海市',
      district: '徐汇区',
    });
    expect(regionQuery(['江苏省'])).toEqual({ province: '江苏省' });
    expect(regionQuery(undefined)).toEqual({});
  });
});
