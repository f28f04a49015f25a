import {
  type BillingPackage,
  fenToYuanNumber,
  type RatePlanRow,
  type RateRules,
  type TimeBand,
  yuanInputToFen,
} from '@netbar/contract';
import dayjs, { type Dayjs } from 'dayjs';

/** The rate plan form's values and their conversion to the contract's rules (minutes, fen). */

export interface BandValues {
  name?: string;
  start?: Dayjs | null;
  end?: Dayjs | null;
  next_day?: boolean;
  price?: number | null;
}
export interface PackageValues extends BandValues {
  kind?: 'window' | 'hours';
  hours?: number | null;
}
export interface PlanValues {
  name?: string;
  area_id?: number | null;
  level_id?: number | null;
  enabled?: boolean;
  price?: number | null;
  min_charge?: number | null;
  bands?: BandValues[];
  packages?: PackageValues[];
}

const minuteOf = (d: Dayjs | null | undefined) => (d ? d.hour() * 60 + d.minute() : Number.NaN);
const timeOf = (m: number) =>
  dayjs()
    .startOf('day')
    .add(m % 1440, 'minute');
const endOf = (v: BandValues) => minuteOf(v.end) + (v.next_day ? 1440 : 0);

export function toRules(v: PlanValues): RateRules {
  return {
    price_per_hour_fen: yuanInputToFen(v.price),
    min_charge_fen: yuanInputToFen(v.min_charge),
    bands: (v.bands ?? []).map(
      (b): TimeBand => ({
        name: b.name ?? '',
        start_minute: minuteOf(b.start),
        end_minute: endOf(b),
        price_per_hour_fen: yuanInputToFen(b.price),
      }),
    ),
    packages: (v.packages ?? []).map(
      (p): BillingPackage =>
        p.kind === 'hours'
          ? { kind: 'hours', name: p.name ?? '', hours: p.hours ?? 0, price_fen: yuanInputToFen(p.price) }
          : {
              kind: 'window',
              name: p.name ?? '',
              start_minute: minuteOf(p.start),
              end_minute: endOf(p),
              price_fen: yuanInputToFen(p.price),
            },
    ),
  };
}

const timeValues = (start: number, end: number) => ({
  start: timeOf(start),
  end: timeOf(end),
  next_day: end >= 1440,
});

export function fromRow(r: RatePlanRow): PlanValues {
  const { rules } = r;
  return {
    name: r.name,
    area_id: r.area_id,
    level_id: r.level_id,
    enabled: r.enabled,
    price: fenToYuanNumber(rules.price_per_hour_fen),
    min_charge: fenToYuanNumber(rules.min_charge_fen),
    bands: rules.bands.map((b) => ({
      name: b.name,
      ...timeValues(b.start_minute, b.end_minute),
      price: fenToYuanNumber(b.price_per_hour_fen),
    })),
    packages: rules.packages.map((p) =>
      p.kind === 'hours'
        ? { kind: 'hours' as const, name: p.name, hours: p.hours, price: fenToYuanNumber(p.price_fen) }
        : {
            kind: 'window' as const,
            name: p.name,
            ...timeValues(p.start_minute, p.end_minute),
            price: fenToYuanNumber(p.price_fen),
          },
    ),
  };
}

/** A new plan: 6 元/小时 by day, 夜间 22:00-次日08:00 at 4 元, 通宵 package 25 元. */
export const NEW_PLAN: PlanValues = {
  enabled: true,
  price: 6,
  min_charge: 0,
  bands: [{ name: '夜间', start: timeOf(1320), end: timeOf(480), next_day: true, price: 4 }],
  packages: [
    { kind: 'window', name: '通宵', start: timeOf(1320), end: timeOf(480), next_day: true, price: 25 },
  ],
};
