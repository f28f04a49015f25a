import {
  HOME_STORE_FIGURE_KEYS,
  type HomeAgentDashboard,
  type HomePlatformDashboard,
  type HomePlatformFigures,
  type HomeStoreDashboard,
  type HomeStoreFigures,
  shanghaiDate,
  shanghaiDateTime,
} from '@netbar/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { netbarWhere, reportStores, storeIdsSql, type TenantScope } from '../../tenant/index.ts';
import { refreshedReader } from '../report/index.ts';
import * as repo from './home-dashboard.repo.ts';

const DAY = 86_400_000;
const daysAgo = (n: number) => shanghaiDate(Date.now() - n * DAY);

const zeroStore = (): HomeStoreFigures =>
  Object.fromEntries(HOME_STORE_FIGURE_KEYS.map((k) => [k, 0])) as unknown as HomeStoreFigures;
const zeroPlatform = (): HomePlatformFigures => ({
  active_netbars: 0,
  revenue_fen: 0,
  topup_fen: 0,
  orders: 0,
});

/** Keeps only the figure keys (drops the row's grouping column). */
function pick<T extends object>(zero: T, row: Partial<T> | undefined): T {
  const out = { ...zero };
  for (const k of Object.keys(zero) as (keyof T)[])
    if (row?.[k] !== undefined) out[k] = Number(row[k]) as T[keyof T];
  return out;
}

/**
 * Recomputes the marked days of today's business day (yesterday's Beijing date before a store's day start);
 * last week's comparison is read from the raw records up to this time of day, not from the rollups.
 */
const refreshToday = (db: Db, readDb: Db, ids: number[]) =>
  refreshedReader(db, readDb, ids, daysAgo(1), daysAgo(0));

const idList = (ids: number[]): SQL =>
  ids.length
    ? sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`null`;

/**
 * The store home (/home, /home2): the stores the caller reads (reportStores: a chain head its chain, after
 * a switch the current store, staff their current store), today against the same weekday last week, and
 * the machines now. `storeId` narrows to one of them; any other id is refused (门店参数错误).
 */
export async function storeDashboard(
  db: Db,
  s: TenantScope,
  storeId?: number,
  readDb: Db = db,
): Promise<HomeStoreDashboard> {
  const stores = await reportStores(db, s, storeId);
  const ids = stores.map((x) => x.id);
  // the figures from the read replica (decision 201), the primary when today was just recomputed there
  const from = await refreshToday(db, readDb, ids);
  const list = storeIdsSql(stores);
  const [today, lastWeek, machines, day] = await Promise.all([
    repo.storeDayFigures(from, list),
    repo.storeLastWeekFigures(from, list),
    repo.machinesNow(from, list),
    repo.businessToday(db, ids[0] ?? s.netbarId),
  ]);
  return {
    ...day,
    stores,
    today: pick(zeroStore(), today),
    last_week: pick(zeroStore(), lastWeek),
    machines,
  };
}

/** The agent home: its netbars (agent staff: the granted ones) in aggregate over the last 30 business days. */
export async function agentDashboard(db: Db, s: TenantScope, readDb: Db = db): Promise<HomeAgentDashboard> {
  const ids = (await repo.storeIds(db, netbarWhere(s))).map((x) => x.id);
  const read = await refreshedReader(db, readDb, ids, daysAgo(30), daysAgo(0));
  const list = idList(ids);
  // the last day is the business day now (before the day start, yesterday's date), not the calendar day
  const to = ids.length ? (await repo.businessToday(db, ids[0]!)).day : daysAgo(0);
  const from = shanghaiDate(Date.parse(`${to}T12:00:00+08:00`) - 29 * DAY);
  const [machines, days, lastWeek] = await Promise.all([
    repo.machinesNow(read, list),
    repo.agentDays(read, list, from, to),
    repo.agentLastWeekFigures(read, list),
  ]);
  return {
    netbars: ids.length,
    machines,
    days,
    last_week: {
      active_netbars: Number(lastWeek.active_netbars),
      online_machines: Number(lastWeek.online_machines),
    },
    compare_until: shanghaiDateTime(Date.now() - 7 * DAY).slice(0, 16),
  };
}

/** The administrator's home: platform totals — netbars, agents, machines now, today against last week. */
export async function platformDashboard(db: Db, readDb: Db = db): Promise<HomePlatformDashboard> {
  const ids = (await repo.storeIds(db, sql`n.status <> 0`)).map((x) => x.id);
  const from = await refreshToday(db, readDb, ids);
  const list = idList(ids);
  const [machines, figs, agents] = await Promise.all([
    repo.machinesNow(from, list),
    repo.platformDayFigures(from, list),
    repo.countLiveAgents(from),
  ]);
  return {
    netbars: ids.length,
    agents,
    compare_until: shanghaiDateTime(Date.now() - 7 * DAY).slice(0, 16),
    machines,
    today: pick(zeroPlatform(), figs.today),
    last_week: pick(zeroPlatform(), figs.lastWeek),
  };
}
