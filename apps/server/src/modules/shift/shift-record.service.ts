import { type ShiftDetail, type ShiftRecordPage, type ShiftRecordQuery, UserType } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { countDetailOf, figuresOf, shiftById } from './shift.repo.ts';
import { movementsOf, type RecordFilter, recordPage, recordRows, recordTotals } from './shift-record.repo.ts';

/**
 * Netbar staff (type 5) read only their own shifts, whatever they were granted (交班记录 128, 交班汇总 239,
 * or only the counter's 264/2640 to reprint a slip); the owner (type 3) reads every shift of the store.
 */
export const ownShiftsOnly = (s: TenantScope): boolean => s.type === UserType.NetbarStaff;

/** Shift records (128): a page with the count and totals over the whole filter. */
export async function records(db: Db, s: TenantScope, q: ShiftRecordQuery): Promise<ShiftRecordPage> {
  const own = ownShiftsOnly(s);
  const [page, t] = await Promise.all([recordPage(db, s, q, own), recordTotals(db, s, q, own)]);
  return {
    list: page.list,
    page: q.page,
    page_size: q.page_size,
    count: t.count,
    next: page.next,
    totals: t.totals,
  };
}

/** Every row of the filter and its totals (the export, whose 合计 equals the screen's). */
export async function recordExport(db: Db, s: TenantScope, q: RecordFilter) {
  const own = ownShiftsOnly(s);
  const [list, t] = await Promise.all([recordRows(db, s, q, own), recordTotals(db, s, q, own)]);
  return { list, ...t };
}

/**
 * The slip: the shift, its figures from the ledger, the count by denomination, movements, carried orders.
 * Another cashier's shift answers as absent to staff, as another store's does.
 */
export async function recordDetail(db: Db, s: TenantScope, id: number): Promise<ShiftDetail> {
  const shift = await shiftById(db, s, id);
  if (!shift || (ownShiftsOnly(s) && shift.cashier_id !== s.userId)) throw new NotFoundError('班次不存在');
  const [figures, movements, extra] = await Promise.all([
    figuresOf(db, id, shift.float_fen),
    movementsOf(db, id),
    countDetailOf(db, id),
  ]);
  return { shift, figures, movements, count_detail: extra.counts, carried_order_ids: extra.carried };
}
