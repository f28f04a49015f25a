import {
  addDays,
  eachDay,
  OPERATE_FIGURE_KEYS,
  type OperateFigures,
  type OperateGroup,
  type OperateRow,
  type OperateStatistic,
  type OperateStatisticQuery,
  previousPeriod,
} from '@netbar/contract';
import type { Db } from '../../db/client.ts';
import { reportChoice, type TenantScope } from '../../tenant/index.ts';
import { figuresByDay, figuresByStore, zeroFigures } from './operate-statistic.repo.ts';
import { refreshedReader } from './report-rollup.repo.ts';

function addInto(into: OperateFigures, f: OperateFigures) {
  for (const k of OPERATE_FIGURE_KEYS) into[k] += Number(f[k]) || 0;
}

/** The bucket a day falls in: itself, its Monday-first week, or its month. */
function bucketOf(day: string, group: OperateGroup): string {
  if (group === 'day') return day;
  if (group === 'month') return `${day.slice(0, 7)}-01`;
  const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((wd + 6) % 7));
}

/** Every bucket of the period in order, clipped to it, with the summed figures of its days. */
export function bucketRows(
  start: string,
  end: string,
  group: OperateGroup,
  byDay: Map<string, OperateFigures>,
): OperateRow[] {
  const out = new Map<string, OperateRow>();
  for (const day of eachDay(start, end)) {
    const key = bucketOf(day, group);
    let row = out.get(key);
    if (!row) {
      row = { ...zeroFigures(), label: '', start: day, end: day };
      out.set(key, row);
    }
    row.end = day;
    const f = byDay.get(day);
    if (f) addInto(row, f);
  }
  for (const row of out.values())
    row.label =
      group === 'day' ? row.start : group === 'month' ? row.start.slice(0, 7) : `${row.start}~${row.end}`;
  return [...out.values()];
}

/**
 * 经营统计 (241): the caller's stores (reportStores: a chain head its chain, after a switch the sub-store
 * alone; store_id picks one), their dirty days of this and the previous period recomputed first, then
 * the rollups summed per bucket, per store and in total.
 */
export async function operateStatistic(
  db: Db,
  s: TenantScope,
  q: OperateStatisticQuery,
  readDb: Db = db,
): Promise<OperateStatistic> {
  const { choices, stores } = await reportChoice(db, s, q.store_id);
  const prev = previousPeriod(q.start, q.end);
  // the rollups are read from the replica (decision 201) unless a day was just recomputed on the primary
  const from = await refreshedReader(
    db,
    readDb,
    stores.map((x) => x.id),
    prev.start,
    q.end,
  );
  const days = await figuresByDay(from, stores, q.start, q.end);
  const rows = bucketRows(q.start, q.end, q.group, new Map(days.map((d) => [d.day, d])));
  const totals = zeroFigures();
  for (const r of rows) addInto(totals, r);

  const perStore = await figuresByStore(from, stores, prev.start, q.start, q.end);
  const previousTotals = zeroFigures();
  const columns = stores.map((x) => {
    const cur = zeroFigures();
    const before = zeroFigures();
    for (const f of perStore) if (Number(f.netbar_id) === x.id) addInto(f.current ? cur : before, f);
    addInto(previousTotals, before);
    return { id: x.id, name: x.name, totals: cur, previous: before };
  });
  return {
    start: q.start,
    end: q.end,
    group: q.group,
    rows,
    totals,
    previous: { ...prev, totals: previousTotals },
    stores: columns,
    choices,
  };
}
