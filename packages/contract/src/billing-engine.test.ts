import { describe, expect, it } from 'vitest';
import {
  type BillingPackage,
  billableMinutes,
  chargeMinutes,
  chargeSession,
  minutesLeft,
  type RateRules,
  type TimeBand,
} from './billing-engine';
import { fromShanghai } from './shanghai-time';

/** 'HH:mm' → minute of the day; '次日HH:mm' → the next day's. */
const hm = (s: string) => {
  const next = s.startsWith('次日');
  const [h, m] = s.replace('次日', '').split(':').map(Number);
  return h! * 60 + m! + (next ? 1440 : 0);
};
const at = (local: string) => fromShanghai(local).getTime();
const band = (name: string, from: string, to: string, price: number): TimeBand => ({
  name,
  start_minute: hm(from),
  end_minute: hm(to),
  price_per_hour_fen: price,
});
const windowPack = (name: string, from: string, to: string, price: number): BillingPackage => ({
  kind: 'window',
  name,
  start_minute: hm(from),
  end_minute: hm(to),
  price_fen: price,
});
const hoursPack = (hours: number, price: number): BillingPackage => ({
  kind: 'hours',
  name: `${hours}小时`,
  hours,
  price_fen: price,
});
const rules = (p: Partial<RateRules> = {}): RateRules => ({
  price_per_hour_fen: 600,
  bands: [],
  packages: [],
  min_charge_fen: 0,
  ...p,
});
const NIGHT = band('夜间', '22:00', '次日08:00', 300);
const TONGXIAO = windowPack('通宵', '22:00', '次日08:00', 2000);
const charge = (r: RateRules, from: string, to: string) => chargeSession(r, at(from), at(to));
const total = (r: RateRules, from: string, to: string) => charge(r, from, to).total_fen;

describe('billableMinutes', () => {
  it('counts every started minute from logon, at least one', () => {
    expect(billableMinutes(at('2025-06-01 10:00'), at('2025-06-01 11:00'))).toBe(60);
    expect(billableMinutes(at('2025-06-01 10:00:30'), at('2025-06-01 10:01:31'))).toBe(2);
    expect(billableMinutes(at('2025-06-01 10:00'), at('2025-06-01 10:00'))).toBe(1);
    expect(billableMinutes(at('2025-06-01 10:00'), at('2025-06-01 09:00'))).toBe(1);
  });
});

describe('chargeSession', () => {
  it('charges the base price per started minute, rounded up once per band', () => {
    expect(total(rules(), '2025-06-01 10:00', '2025-06-01 11:00')).toBe(600);
    expect(total(rules(), '2025-06-01 10:00', '2025-06-01 11:00:01')).toBe(610);
    expect(total(rules({ price_per_hour_fen: 500 }), '2025-06-01 10:00', '2025-06-01 10:00:20')).toBe(9);
    // 7 minutes at 5 元/h = 58.33 fen → 59, not 7 × 9 = 63
    expect(total(rules({ price_per_hour_fen: 500 }), '2025-06-01 10:00', '2025-06-01 10:07')).toBe(59);
  });

  it('splits a session across bands and across midnight, in Shanghai time', () => {
    const r = rules({ bands: [NIGHT] });
    const c = charge(r, '2025-06-01 21:30', '2025-06-01 22:30');
    expect(c.total_fen).toBe(300 + 150);
    expect(c.lines).toEqual([
      { kind: 'base', name: '基础时段', minutes: 30, fen: 300 },
      { kind: 'band', name: '夜间', minutes: 30, fen: 150 },
    ]);
    expect(total(r, '2025-06-01 23:00', '2025-06-02 01:00')).toBe(600);
    expect(total(r, '2025-06-02 07:00', '2025-06-02 09:00')).toBe(300 + 600);
    // 14:00 UTC is 22:00 in Shanghai
    expect(
      chargeSession(r, Date.parse('2025-06-01T14:00:00Z'), Date.parse('2025-06-01T15:00:00Z')).total_fen,
    ).toBe(300);
  });

  it('prices a minute by the band holding its first instant', () => {
    const r = rules({ bands: [NIGHT] });
    // minutes start at :30 past; the one from 21:59:30 is a day minute, the next a night minute
    const c = charge(r, '2025-06-01 21:58:30', '2025-06-01 22:00:31');
    expect(c.lines.map((l) => [l.name, l.minutes])).toEqual([
      ['基础时段', 2],
      ['夜间', 1],
    ]);
  });

  it('caps the time inside a window package, and bills time past its end at band rates', () => {
    const r = rules({ bands: [NIGHT], packages: [TONGXIAO] });
    expect(total(r, '2025-06-01 22:00', '2025-06-02 08:00')).toBe(2000);
    // a short night session costs less than the package: the package does not apply
    const short = charge(r, '2025-06-01 23:00', '2025-06-01 23:30');
    expect([short.total_fen, short.package_index]).toEqual([150, null]);
    const long = charge(r, '2025-06-01 21:00', '2025-06-02 10:00');
    expect(long.total_fen).toBe(600 + 2000 + 1200);
    expect(long.package_index).toBe(0);
    expect(long.lines.find((l) => l.kind === 'package')).toEqual({
      kind: 'package',
      name: '通宵',
      minutes: 600,
      fen: 2000,
    });
    // two nights: each capped, the day between at the base price
    expect(total(r, '2025-06-01 22:00', '2025-06-03 08:00')).toBe(2000 + 14 * 600 + 2000);
  });

  it('caps each consecutive block of an hours package from logon', () => {
    const r = rules({ packages: [hoursPack(3, 1200)] });
    const two = charge(r, '2025-06-01 10:00', '2025-06-01 12:00');
    expect([two.total_fen, two.package_index]).toEqual([1200, null]);
    expect(total(r, '2025-06-01 10:00', '2025-06-01 13:00')).toBe(1200);
    expect(total(r, '2025-06-01 10:00', '2025-06-01 14:00')).toBe(1200 + 600);
    expect(total(r, '2025-06-01 10:00', '2025-06-01 17:00')).toBe(1200 + 1200 + 600);
  });

  it('applies the one package leaving the lowest total', () => {
    const r = rules({ bands: [NIGHT], packages: [hoursPack(3, 1000), TONGXIAO] });
    expect(charge(r, '2025-06-01 22:00', '2025-06-02 08:00').package_index).toBe(1);
    expect(charge(r, '2025-06-01 12:00', '2025-06-01 15:00').package_index).toBe(0);
    const tie = rules({ packages: [hoursPack(1, 600), hoursPack(2, 1200)] });
    expect(charge(tie, '2025-06-01 10:00', '2025-06-01 12:00').package_index).toBe(null);
  });

  it('tops a session up to the minimum charge', () => {
    const c = charge(rules({ min_charge_fen: 200 }), '2025-06-01 10:00', '2025-06-01 10:05');
    expect(c.total_fen).toBe(200);
    expect(c.lines.at(-1)).toEqual({ kind: 'minimum', name: '最低消费补足', minutes: 0, fen: 150 });
    expect(total(rules({ min_charge_fen: 200 }), '2025-06-01 10:00', '2025-06-01 11:00')).toBe(600);
  });

  it('never falls as a session goes on, and its lines always add up to the total', () => {
    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let i = 0; i < 12; i++) {
      const s = rnd(1440);
      const r = rules({
        price_per_hour_fen: 1 + rnd(1500),
        bands: [
          band(
            'b',
            `${Math.floor(s / 60)}:${s % 60}`,
            `${Math.floor((s + 300) / 60)}:${s % 60}`,
            1 + rnd(900),
          ),
        ],
        packages: [
          hoursPack(1 + rnd(5), 1 + rnd(3000)),
          windowPack('w', '23:00', '次日07:00', 1 + rnd(4000)),
        ],
        min_charge_fen: rnd(300),
      });
      const start = at('2025-06-01 00:00') + rnd(86_400) * 1000;
      let last = 0;
      for (let m = 1; m <= 1600; m += 1 + rnd(7)) {
        const c = chargeMinutes(r, start, m);
        expect(c.total_fen).toBeGreaterThanOrEqual(last);
        expect(c.lines.reduce((x, l) => x + l.fen, 0)).toBe(c.total_fen);
        last = c.total_fen;
      }
    }
  });

  it('is deterministic', () => {
    const r = rules({ bands: [NIGHT], packages: [TONGXIAO, hoursPack(3, 1200)] });
    expect(charge(r, '2025-06-01 20:17:05', '2025-06-02 09:41:59')).toEqual(
      charge(r, '2025-06-01 20:17:05', '2025-06-02 09:41:59'),
    );
  });
});

describe('minutesLeft', () => {
  const start = at('2025-06-01 10:00');
  it('says how long a balance lasts at the current rate', () => {
    // 600 fen/h = 10 fen a minute
    expect(minutesLeft(rules(), start, start, 0, 100)).toBe(10);
    expect(minutesLeft(rules(), start, start + 5 * 60_000, 50, 50)).toBe(5);
    expect(minutesLeft(rules(), start, start + 5 * 60_000, 50, 0)).toBe(0);
    expect(minutesLeft(rules(), start, start + 30_000, 10, 0)).toBe(0);
  });

  it('follows the bands ahead and stops at the horizon', () => {
    const r = rules({ bands: [NIGHT] });
    const s = at('2025-06-01 21:50');
    // 10 day minutes cost 100, then night minutes 5 fen each: 200 fen = 10 + 20 minutes
    expect(minutesLeft(r, s, s, 0, 200)).toBe(30);
    expect(minutesLeft(r, s, s, 0, 10_000_000, 60)).toBe(60);
  });

  it('counts on a package cap: a night package makes a balance last', () => {
    const r = rules({ bands: [NIGHT], packages: [TONGXIAO] });
    const s = at('2025-06-01 22:00');
    expect(minutesLeft(r, s, s, 0, 2000)).toBe(600);
  });
});
