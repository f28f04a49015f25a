import { describe, expect, it } from 'vitest';
import { minuteLabel, rateRulesSchema } from './billing-rules';

const band = (name: string, start_minute: number, end_minute: number, price_per_hour_fen = 300) => ({
  name,
  start_minute,
  end_minute,
  price_per_hour_fen,
});
const parse = (v: Record<string, unknown>) => rateRulesSchema.safeParse({ price_per_hour_fen: 600, ...v });
const msg = (v: Record<string, unknown>) => {
  const r = parse(v);
  return r.success ? 'ok' : r.error.issues[0]?.message;
};

describe('rateRulesSchema', () => {
  it('accepts a plan with a night band over midnight and both package kinds, from JSON form text', () => {
    const r = parse({
      price_per_hour_fen: '600',
      bands: JSON.stringify([band('夜间', 1320, 1920)]),
      packages: JSON.stringify([
        { kind: 'window', name: '通宵', start_minute: 1320, end_minute: 1920, price_fen: 3000 },
        { kind: 'hours', name: '3小时', hours: 3, price_fen: 1200 },
      ]),
    });
    expect(r.success).toBe(true);
    expect(r.data?.min_charge_fen).toBe(0);
    expect(r.data?.packages).toHaveLength(2);
  });

  it('refuses rates of 0, missing and out-of-range amounts', () => {
    expect(msg({ price_per_hour_fen: 0 })).toBe('基础单价须为0.01-1000元/小时');
    expect(msg({ price_per_hour_fen: undefined })).toBe('基础单价须为0.01-1000元/小时');
    expect(msg({ price_per_hour_fen: 'abc' })).toBe('基础单价须为0.01-1000元/小时');
    expect(msg({ price_per_hour_fen: 100_001 })).toBe('基础单价须为0.01-1000元/小时');
    expect(msg({ bands: [band('夜间', 1320, 1920, 0)] })).toBe('时段单价须为0.01-1000元/小时');
    expect(msg({ min_charge_fen: -1 })).toBe('最低消费须为0-1000元');
    expect(msg({ packages: [{ kind: 'hours', name: '包时', hours: 3, price_fen: 10_000_001 }] })).toBe(
      '套餐价格须为0.01-100000元',
    );
    expect(msg({ packages: [{ kind: 'hours', name: '包时', hours: 25, price_fen: 100 }] })).toBe(
      '包时时长须为1-24小时',
    );
  });

  it('refuses overlapping bands, also across midnight', () => {
    expect(msg({ bands: [band('白天', 480, 1320), band('晚间', 1200, 1380)] })).toBe(
      '时段“白天”与“晚间”重叠',
    );
    expect(msg({ bands: [band('夜间', 1320, 1920), band('早场', 420, 600)] })).toBe('时段“夜间”与“早场”重叠');
    expect(msg({ bands: [band('夜间', 1320, 1920), band('白天', 480, 1320)] })).toBe('ok');
  });

  it('refuses a band or package ending before it starts, or longer than a day', () => {
    expect(msg({ bands: [band('夜间', 1320, 480)] })).toBe('时段结束时间须晚于开始时间（跨零点请选择次日）');
    expect(
      msg({
        packages: [{ kind: 'window', name: '通宵', start_minute: 1320, end_minute: 480, price_fen: 3000 }],
      }),
    ).toBe('套餐结束时间须晚于开始时间（跨零点请选择次日）');
    expect(
      msg({
        packages: [{ kind: 'window', name: '通宵', start_minute: 600, end_minute: 600, price_fen: 3000 }],
      }),
    ).toBe('套餐结束时间须晚于开始时间（跨零点请选择次日）');
    expect(msg({ bands: [band('全天', 600, 2100)] })).toBe('时段不能超过24小时');
  });

  it('refuses unknown package kinds, bad names and too many bands', () => {
    expect(msg({ packages: [{ kind: 'free', name: 'x', price_fen: 1 }] })).toBe('请选择套餐类型');
    expect(msg({ bands: [band('', 1320, 1920)] })).toBe('时段名称为1-10个字符');
    expect(msg({ bands: 'not json' })).toBe('时段格式不正确');
    const many = Array.from({ length: 9 }, (_, i) => band(`b${i}`, i * 60, i * 60 + 30));
    expect(msg({ bands: many })).toBe('时段最多8个');
  });
});

describe('minuteLabel', () => {
  it('writes HH:mm and the next day', () => {
    expect(minuteLabel(0)).toBe('00:00');
    expect(minuteLabel(1320)).toBe('22:00');
    expect(minuteLabel(1920)).toBe('次日08:00');
  });
});
