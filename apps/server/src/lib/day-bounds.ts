import { type SQL, sql } from 'drizzle-orm';

/**
 * Period filters as timestamptz bounds of China Standard Time business days (decision 060): the
 * column is compared as it is indexed, never converted per row. Asia/Shanghai has no DST: +08:00.
 */

/** The instant a CST calendar day (YYYY-MM-DD) begins. */
export const dayStart = (day: string) => `${day}T00:00:00+08:00`;

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const text = (d: Date) => d.toISOString().slice(0, 10);

/** The calendar day after `day`. */
export const nextDay = (day: string) => {
  const d = utc(day);
  d.setUTCDate(d.getUTCDate() + 1);
  return text(d);
};

/** First day of the month `day` lies in, moved by `months`. */
export const monthStart = (day: string, months = 0) => {
  const d = utc(day);
  return text(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)));
};

/** `col >= start 00:00 CST and col < (end + 1) 00:00 CST`, each bound optional. */
export function dayRange(col: SQL, start?: string, end?: string): SQL[] {
  const parts: SQL[] = [];
  if (start) parts.push(sql`${col} >= ${dayStart(start)}::timestamptz`);
  if (end) parts.push(sql`${col} < ${dayStart(nextDay(end))}::timestamptz`);
  return parts;
}

/**
 * Splits days [from, to) (to = null: no end) into whole CST months, read from a monthly summary, and
 * the partial days at either side, read from rows.
 */
export function splitMonths(
  from: string,
  to: string | null,
): { rows: [string, string | null][]; months: [string, string | null] | null } {
  const firstWhole = from.endsWith('-01') ? from : monthStart(from, 1);
  const lastWhole = to === null ? null : monthStart(to);
  if (lastWhole !== null && firstWhole >= lastWhole) return { rows: [[from, to]], months: null };
  const rows: [string, string | null][] = [];
  if (from < firstWhole) rows.push([from, firstWhole]);
  if (to !== null && lastWhole !== null && lastWhole < to) rows.push([lastWhole, to]);
  return { rows, months: [firstWhole, lastWhole] };
}
