import {
  PERM,
  type TipListAnswer,
  type TipListQuery,
  type TipStaffOption,
  type TipUnpaidRow,
  UserType,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { tooManyRows } from '../../lib/xlsx-stream.ts';
import type { TenantScope } from '../../tenant/index.ts';
import { staffOptions } from './tip.repo.ts';
import { tipRows, tipTotals, unpaidSummary } from './tip-list.repo.ts';

/**
 * Who sees which tips (decision 148): the owner every tip of the store; a staff member with 274 only
 * the tips they received (and their payouts) in the list and the export; the unpaid summary shows every
 * staff member to whoever may pay out (2741), else only the caller's own line.
 */
export interface TipViewer {
  nid: number;
  /** The list and export narrowed to this staff member. */
  own: number | undefined;
  /** The unpaid summary narrowed to this staff member. */
  ownSummary: number | undefined;
}

export function viewerOf(s: TenantScope, perms: ReadonlySet<number>): TipViewer {
  const staff = s.type === UserType.NetbarStaff;
  return {
    nid: s.netbarId,
    own: staff ? s.userId : undefined,
    ownSummary: staff && !perms.has(PERM.REWARD_PAYOUT) ? s.userId : undefined,
  };
}

export async function tipList(db: Db, v: TipViewer, q: TipListQuery): Promise<TipListAnswer> {
  const [list, t] = await Promise.all([tipRows(db, v.nid, q, v.own), tipTotals(db, v.nid, q, v.own)]);
  return { list, page: q.page, page_size: q.page_size, count: t.count, totals: t.totals };
}

/** Every row of the filter with the same totals the screen shows (refused above the export cap). */
export async function tipExport(db: Db, v: TipViewer, q: TipListQuery) {
  const [list, t] = await Promise.all([tipRows(db, v.nid, q, v.own, true), tipTotals(db, v.nid, q, v.own)]);
  if (t.count > list.length) throw tooManyRows(list.length - 1);
  return { list, ...t };
}

export const unpaid = (db: Db, v: TipViewer): Promise<TipUnpaidRow[]> =>
  unpaidSummary(db, v.nid, v.ownSummary);

export const staffForTips = (db: Db, s: TenantScope): Promise<TipStaffOption[]> =>
  staffOptions(db, s.netbarId);
