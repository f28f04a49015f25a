import { z } from 'zod';
import { type BillingPackage, DAY_MINUTES, type RateRules, type TimeBand } from './billing-engine';
import { jsonArray } from './goods';
import { intField, intWithDefault, text } from './validation/helpers';

/**
 * The rules of a rate plan as a form sends them (decision 115): base price, time bands, packages,
 * minimum charge. Times are minutes of the local day; an end above 1440 is on the next day (次日).
 */

/** Highest price per hour: 1000 元. */
export const RATE_MAX_FEN = 100_000;
/** Highest package price: 100000 元 (the product's bound for any amount). */
export const PACKAGE_MAX_FEN = 10_000_000;
export const BANDS_MAX = 8;
export const PACKAGES_MAX = 8;

const perHour = (label: string) => intField(`${label}须为0.01-1000元/小时`, 1, RATE_MAX_FEN);
const startMinute = (label: string) => intField(`${label}开始时间不正确`, 0, DAY_MINUTES - 1);
const endMinute = (label: string) => intField(`${label}结束时间不正确`, 0, 2 * DAY_MINUTES - 1);
const endsAfterStart = (v: { start_minute: number; end_minute: number }) => v.end_minute > v.start_minute;
const withinADay = (v: { start_minute: number; end_minute: number }) =>
  v.end_minute - v.start_minute <= DAY_MINUTES;

/** 'HH:mm' of a minute of the day (an end on the next day reads 次日 HH:mm). */
export function minuteLabel(m: number): string {
  const d = ((m % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  const hm = `${String(Math.floor(d / 60)).padStart(2, '0')}:${String(d % 60).padStart(2, '0')}`;
  return m >= DAY_MINUTES ? `次日${hm}` : hm;
}

export const timeBandSchema = z
  .object({
    name: text('时段名称为1-10个字符', 1, 10),
    start_minute: startMinute('时段'),
    end_minute: endMinute('时段'),
    price_per_hour_fen: perHour('时段单价'),
  })
  .refine(endsAfterStart, { error: '时段结束时间须晚于开始时间（跨零点请选择次日）' })
  .refine(withinADay, { error: '时段不能超过24小时' });

const windowPackage = z
  .object({
    kind: z.literal('window'),
    name: text('套餐名称为1-10个字符', 1, 10),
    start_minute: startMinute('套餐'),
    end_minute: endMinute('套餐'),
    price_fen: intField('套餐价格须为0.01-100000元', 1, PACKAGE_MAX_FEN),
  })
  .refine(endsAfterStart, { error: '套餐结束时间须晚于开始时间（跨零点请选择次日）' })
  .refine(withinADay, { error: '套餐时段不能超过24小时' });
const hoursPackage = z.object({
  kind: z.literal('hours'),
  name: text('套餐名称为1-10个字符', 1, 10),
  hours: intField('包时时长须为1-24小时', 1, 24),
  price_fen: intField('套餐价格须为0.01-100000元', 1, PACKAGE_MAX_FEN),
});
export const billingPackageSchema = z.union([windowPackage, hoursPackage], { error: '请选择套餐类型' });

/** Minutes of the day a band covers (an end past midnight wraps to the morning). */
function coveredMinutes(b: Pick<TimeBand, 'start_minute' | 'end_minute'>): Set<number> {
  const s = new Set<number>();
  for (let m = b.start_minute; m < b.end_minute; m++) s.add(m % DAY_MINUTES);
  return s;
}

/** The first two bands that share a minute of the day, or undefined. */
export function overlappingBands(bands: TimeBand[]): [TimeBand, TimeBand] | undefined {
  const owner = new Map<number, TimeBand>();
  for (const b of bands)
    for (const m of coveredMinutes(b)) {
      const o = owner.get(m);
      if (o) return [o, b];
      owner.set(m, b);
    }
  return undefined;
}

/** The fields of a plan's rules, for forms that add their own (the rate plan body). */
export const rateRulesFields = {
  price_per_hour_fen: perHour('基础单价'),
  bands: jsonArray(timeBandSchema, '时段格式不正确')
    .refine((a) => a.length <= BANDS_MAX, { error: `时段最多${BANDS_MAX}个` })
    .default([]),
  packages: jsonArray(billingPackageSchema, '套餐格式不正确')
    .refine((a) => a.length <= PACKAGES_MAX, { error: `套餐最多${PACKAGES_MAX}个` })
    .default([]),
  min_charge_fen: intWithDefault('最低消费须为0-1000元', 0, RATE_MAX_FEN, 0),
};
/** Refuses overlapping bands (add with `.superRefine(refuseOverlaps)`). */
export function refuseOverlaps(v: { bands: TimeBand[] }, ctx: z.RefinementCtx): void {
  const o = overlappingBands(v.bands);
  if (o) ctx.addIssue({ code: 'custom', message: `时段“${o[0].name}”与“${o[1].name}”重叠` });
}
export const rateRulesSchema = z.object(rateRulesFields).superRefine(refuseOverlaps);

/** A plan's rules as stored: the parsed form, every field present. */
export function toRateRules(v: z.infer<typeof rateRulesSchema>): RateRules {
  return {
    price_per_hour_fen: v.price_per_hour_fen,
    bands: v.bands.map((b) => ({ ...b })),
    packages: v.packages.map((p) => ({ ...p }) as BillingPackage),
    min_charge_fen: v.min_charge_fen,
  };
}

/** One line describing a package, e.g. 通宵 22:00-次日08:00 30.00元. */
export function packageLabel(p: BillingPackage, yuan: (fen: number) => string): string {
  return p.kind === 'window'
    ? `${p.name} ${minuteLabel(p.start_minute)}-${minuteLabel(p.end_minute)} ${yuan(p.price_fen)}元`
    : `${p.name} ${p.hours}小时 ${yuan(p.price_fen)}元`;
}
