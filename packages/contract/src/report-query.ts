import { z } from 'zod';
import { isCalendarDate } from './agent';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from './envelope';
import { shanghaiDate } from './shanghai-time';
import { ID_MAX } from './validation/fields';
import { emptyToUndefined, intWithDefault, numberFromForm } from './validation/helpers';

/**
 * The period every operating report (/operating_statements 235) reads: business days `start`..`end`
 * (YYYY-MM-DD, both included; a business day starts at the store's day-start time, decision 151) and
 * optionally one store of the caller's chain. The server refuses an unknown or foreign `store_id`.
 *
 * Build a report's query as `withPeriodChecks(z.object({ ...reportPeriodFields, ...your fields }))`
 * (zod cannot extend a refined object, so the shape and the checks are exported apart).
 */

/** The longest period a report reads at once, in days (both ends included). */
export const REPORT_MAX_DAYS = 366;
/** Page sizes a report table offers (the console's 10/20/30/50). */
export const REPORT_PAGE_SIZES = PAGE_SIZES;

export const REPORT_MSG = {
  start: '请选择开始日期',
  end: '请选择结束日期',
  badDate: '日期不存在或格式不正确（YYYY-MM-DD）',
  reversed: '开始日期不能晚于结束日期',
  tooLong: `查询范围不能超过${REPORT_MAX_DAYS}天`,
  future: '结束日期不能晚于今天',
  store: '门店参数错误',
  pageSize: '每页条数只能是10、20、30或50',
  page: '参数错误',
} as const;

/** A required business day 'YYYY-MM-DD'; `missing` is said when it is absent or empty. */
export const reportDay = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing, abort: true })
    .refine(isCalendarDate, { error: REPORT_MSG.badDate });

/** An optional store id (a chain head's pick; absent = every store the caller may see). */
export const reportStoreId = z.preprocess(
  (v) => numberFromForm(emptyToUndefined(v)),
  z
    .number({ error: REPORT_MSG.store })
    .int({ error: REPORT_MSG.store })
    .min(1, { error: REPORT_MSG.store })
    .max(ID_MAX, { error: REPORT_MSG.store })
    .optional(),
);

export const reportPeriodFields = {
  start: reportDay(REPORT_MSG.start),
  end: reportDay(REPORT_MSG.end),
  store_id: reportStoreId,
};

/** Page fields of a report table: page from 1, page_size one of 10/20/30/50 (default 10). */
export const reportPageFields = {
  page: intWithDefault(REPORT_MSG.page, 1, Number.MAX_SAFE_INTEGER, 1),
  page_size: z.preprocess(
    (v) => numberFromForm(emptyToUndefined(v)),
    z
      .number({ error: REPORT_MSG.pageSize })
      .refine((n) => (REPORT_PAGE_SIZES as readonly number[]).includes(n), { error: REPORT_MSG.pageSize })
      .default(DEFAULT_PAGE_SIZE),
  ),
};

const DAY_MS = 86_400_000;
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Days from `start` to `end`, both included (1 for one day). */
export const periodDays = (start: string, end: string) =>
  Math.round((dayMs(end) - dayMs(start)) / DAY_MS) + 1;

/** `d` moved by `n` calendar days. */
export const addDays = (d: string, n: number) => dayOf(dayMs(d) + n * DAY_MS);

/** Every day of the period in order. */
export function eachDay(start: string, end: string): string[] {
  const out: string[] = [];
  for (let ms = dayMs(start); ms <= dayMs(end); ms += DAY_MS) out.push(dayOf(ms));
  return out;
}

/** The period of the same length just before (period-over-period comparison). */
export function previousPeriod(start: string, end: string): { start: string; end: string } {
  const n = periodDays(start, end);
  return { start: addDays(start, -n), end: addDays(start, -1) };
}

/**
 * What is wrong with a period of valid dates, or null: reversed, longer than 366 days, or ending after
 * `today` (Asia/Shanghai calendar day; the default is now).
 */
export function periodProblem(
  p: { start: string; end: string },
  today: string = shanghaiDate(),
): string | null {
  if (p.start > p.end) return REPORT_MSG.reversed;
  if (periodDays(p.start, p.end) > REPORT_MAX_DAYS) return REPORT_MSG.tooLong;
  if (p.end > today) return REPORT_MSG.future;
  return null;
}

/** Adds the period refusals (reversed, too long, future) to an object schema with start and end. */
export function withPeriodChecks<T extends z.ZodType<{ start: string; end: string }>>(schema: T) {
  return schema.superRefine((v, ctx) => {
    const problem = periodProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['end'] });
  });
}

/** The plain period query: start, end, optional store. */
export const reportPeriodQuery = withPeriodChecks(z.object(reportPeriodFields));
export type ReportPeriodQuery = z.infer<typeof reportPeriodQuery>;

/** The period query of a paged report table. */
export const reportPageQuery = withPeriodChecks(z.object({ ...reportPeriodFields, ...reportPageFields }));
export type ReportPageQuery = z.infer<typeof reportPageQuery>;
