import { z } from 'zod';
import { reportStoreId } from './report-query';

/**
 * The home dashboards (issue 15 item 6, decision 158). Each user type has its own call:
 * home_store_dashboard (a netbar, staff with 241 or 240), home_agent_dashboard (agents and their
 * staff), home_platform_dashboard (administrators). "Today" is each store's current business day
 * (decision 151) so far; the trend compares it with the same weekday last week (today − 7 business days)
 * up to the same time of day.
 */

/** home_store_dashboard: optionally one store of the caller's chain (absent = every store it may see). */
export const homeStoreQuery = z.object({ store_id: reportStoreId });
export type HomeStoreQuery = z.infer<typeof homeStoreQuery>;

/** One business day's figures of the chosen stores, from the daily rollups. */
export interface HomeStoreFigures {
  revenue_fen: number;
  online_fen: number;
  goods_fen: number;
  desk_fen: number;
  lease_fen: number;
  topup_fen: number;
  topups: number;
  orders: number;
  sessions: number;
  new_members: number;
}

export const HOME_STORE_FIGURE_KEYS = [
  'revenue_fen',
  'online_fen',
  'goods_fen',
  'desk_fen',
  'lease_fen',
  'topup_fen',
  'topups',
  'orders',
  'sessions',
  'new_members',
] as const satisfies readonly (keyof HomeStoreFigures)[];

/** Machines now: in use (上机中), online (空闲/上机中/预订) and in service (all but 停用). */
export interface HomeMachinesNow {
  in_use: number;
  online: number;
  total: number;
}

export interface HomeStoreDashboard {
  /** The first store's business day today and the day compared with (7 days earlier). */
  day: string;
  compare_day: string;
  /** Last week's figures run from each store's day start up to this moment a week ago (Beijing, YYYY-MM-DD HH:mm). */
  compare_until: string;
  stores: { id: number; name: string }[];
  today: HomeStoreFigures;
  last_week: HomeStoreFigures;
  machines: HomeMachinesNow;
}

/** One business day of an agent's netbars: machines that went online and netbars with any business. */
export interface HomeAgentDay {
  day: string;
  online_machines: number;
  active_netbars: number;
}

export interface HomeAgentDashboard {
  netbars: number;
  machines: HomeMachinesNow;
  /** The last 30 business days, oldest first (today last). */
  days: HomeAgentDay[];
  /** The same weekday last week up to this time of day (the days above hold whole days). */
  last_week: Omit<HomeAgentDay, 'day'>;
  /** This moment a week ago (Beijing, YYYY-MM-DD HH:mm). */
  compare_until: string;
}

export interface HomePlatformFigures {
  active_netbars: number;
  revenue_fen: number;
  topup_fen: number;
  orders: number;
}

export interface HomePlatformDashboard {
  netbars: number;
  /** This moment a week ago (Beijing, YYYY-MM-DD HH:mm): last_week runs up to it. */
  compare_until: string;
  agents: number;
  machines: HomeMachinesNow;
  today: HomePlatformFigures;
  last_week: HomePlatformFigures;
}
