import { type DayStartBody, dayStartMinute } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { markWholeHistory } from './report-rollup.repo.ts';
import { dayStartOf, saveDayStart } from './report-settings.repo.ts';

/** The business-day setting of the caller's current store (decision 151). */
export const readDayStart = (db: Db, s: TenantScope) => dayStartOf(db, s.netbarId);

/**
 * Saves the day start. Every past day of the store now covers other hours, so its whole history is
 * marked for the rollup job (and recomputed by the next report that reads it) in the same transaction.
 */
export async function writeDayStart(db: Db, s: TenantScope, by: string, b: DayStartBody) {
  const minute = dayStartMinute(b.day_start);
  await db.transaction(async (tx) => {
    const before = await saveDayStart(tx, s.netbarId, minute, by);
    if ((before ?? 480) !== minute) await markWholeHistory(tx, s.netbarId);
  });
  return dayStartOf(db, s.netbarId);
}
