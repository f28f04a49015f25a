import type { RatePlanRow } from '@netbar/contract';
import { describe, expect, it } from 'vitest';
import { fromRow, NEW_PLAN, toRules } from './plan-form-values';

const row = (rules: RatePlanRow['rules']): RatePlanRow => ({
  id: 1,
  name: '全场',
  area_id: null,
  area_name: '全部区域',
  level_id: null,
  level_name: '全部等级',
  enabled: true,
  rules,
  updated_by: '',
  updated_at: '',
});

describe('rate plan form values', () => {
  it('turns 22:00 至 次日08:00 into minutes past midnight, and back', () => {
    const rules = {
      price_per_hour_fen: 550,
      min_charge_fen: 100,
      bands: [
        { name: '夜间', start_minute: 1320, end_minute: 1920, price_per_hour_fen: 400 },
        { name: '晚场', start_minute: 1080, end_minute: 1320, price_per_hour_fen: 600 },
      ],
      packages: [
        { kind: 'window' as const, name: '通宵', start_minute: 1320, end_minute: 1920, price_fen: 2500 },
        { kind: 'hours' as const, name: '3小时', hours: 3, price_fen: 1300 },
      ],
    };
    const v = fromRow(row(rules));
    expect(v.bands?.map((b) => b.next_day)).toEqual([true, false]);
    expect(v.price).toBe(5.5);
    expect(toRules(v)).toEqual(rules);
  });

  it('reads an end at midnight as 次日00:00, and a new plan as day price, night band and 通宵', () => {
    const v = fromRow(
      row({
        price_per_hour_fen: 500,
        min_charge_fen: 0,
        bands: [{ name: '白天', start_minute: 480, end_minute: 1440, price_per_hour_fen: 500 }],
        packages: [],
      }),
    );
    expect(v.bands?.[0]?.next_day).toBe(true);
    expect(toRules(v).bands[0]!.end_minute).toBe(1440);
    const fresh = toRules(NEW_PLAN);
    expect([fresh.price_per_hour_fen, fresh.bands[0]!.end_minute, fresh.packages[0]!.price_fen]).toEqual([
      600, 1920, 2500,
    ]);
  });
});
