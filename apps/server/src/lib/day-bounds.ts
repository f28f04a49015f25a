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

const days = (a: string, b: string) => Math.round((utc(b).getTime() - utc(a).getTime()) / 86400_000);

/** Part of a sum over days [from, to): ledger rows or whole months of a summary, added or taken away. */
export interface Segment {
  source: 'rows' | 'months';
  from: string;
  /** Exclusive; null: no end. */
  to: string | null;
  sign: 1 | -1;
}

/**
 * Splits days [from, to) (to = null: no end) into whole CST months, read from a monthly summary, and
 * partial months at either side. A partial month is read from the rows of its days in range, or as the
 * whole month minus the rows of its days out of range, whichever spans fewer days: no range reads more
 * than about half a month of rows at each side (month to date: one summary month minus nothing).
 */
export function splitMonths(from: string, to: string | null): Segment[] {
  const out: Segment[] = [];
  const add = (source: Segment['source'], a: string, b: string | null, sign: 1 | -1) => {
    if (b === null || a < b) out.push({ source, from: a, to: b, sign });
  };
  const partial = (a: string, b: string) => {
    const m = monthStart(a);
    const n = monthStart(a, 1);
    if (days(a, b) <= days(m, a) + days(b, n)) return add('rows', a, b, 1);
    add('months', m, n, 1);
    add('rows', m, a, -1);
    add('rows', b, n, -1);
  };
  const firstWhole = from.endsWith('-01') ? from : monthStart(from, 1);
  if (to !== null && firstWhole > monthStart(to)) {
    partial(from, to);
    return out;
  }
  if (from < firstWhole) partial(from, firstWhole);
  const lastWhole = to === null ? null : monthStart(to);
  add('months', firstWhole, lastWhole, 1);
  if (to !== null && lastWhole !== null && lastWhole < to) partial(lastWhole, to);
  return out;
}
