import type { ShiftDetail, ShiftRecordPage, ShiftRecordQuery } from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { countDetailOf, figuresOf, shiftById } from './shift.repo.ts';
import { movementsOf, recordPage, recordTotals } from './shift-record.repo.ts';

/**
 * Shift records (128). `ownOnly`: a cashier who may open shifts (264) but not read the records sees
 * and reprints only their own shifts (the users' "the previous shift can be viewed").
 */
export async function records(
  db: Db,
  s: TenantScope,
  q: ShiftRecordQuery,
  ownOnly: boolean,
): Promise<ShiftRecordPage> {
  const [page, t] = await Promise.all([recordPage(db, s, q, ownOnly), recordTotals(db, s, q, ownOnly)]);
  return {
    list: page.list,
    page: q.page,
    page_size: q.page_size,
    count: t.count,
    next: page.next,
    totals: t.totals,
  };
}

/** The slip: the shift, its figures from the ledger, the count by denomination, movements, carried orders. */
export async function recordDetail(
  db: Db,
  s: TenantScope,
  id: number,
  ownOnly: boolean,
): Promise<ShiftDetail> {
  const shift = await shiftById(db, s, id);
  if (!shift || (ownOnly && shift.cashier_id !== s.userId)) throw new NotFoundError('班次不存在');
  const [figures, movements, extra] = await Promise.all([
    figuresOf(db, id, shift.float_fen),
    movementsOf(db, id),
    countDetailOf(db, id),
  ]);
  return { shift, figures, movements, count_detail: extra.counts, carried_order_ids: extra.carried };
}
