import type { HomeAgentDashboard, HomePlatformDashboard, HomeStoreDashboard } from '@netbar/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { homeKeys } from './home-keys';

/** The home dashboards (decision 158): one call per user type, each refused to the others. */

async function get<T>(url: string, params?: Record<string, number>): Promise<T> {
  const res = await http.get<T>(url, params);
  return res.data as T;
}

/** A netbar's (or granted staff's) stores today; `storeId` narrows /home2 to the switched-to store. */
export const storeDashboardQuery = (userKey: string, storeId?: number) =>
  queryOptions({
    queryKey: homeKeys.dashboard('store', userKey, storeId),
    queryFn: () =>
      get<HomeStoreDashboard>('home_store_dashboard', storeId ? { store_id: storeId } : undefined),
  });

export const agentDashboardQuery = (userKey: string) =>
  queryOptions({
    queryKey: homeKeys.dashboard('agent', userKey),
    queryFn: () => get<HomeAgentDashboard>('home_agent_dashboard'),
  });

export const platformDashboardQuery = (userKey: string) =>
  queryOptions({
    queryKey: homeKeys.dashboard('platform', userKey),
    queryFn: () => get<HomePlatformDashboard>('home_platform_dashboard'),
  });

export const useStoreDashboard = (userKey: string, storeId?: number) =>
  useQuery(storeDashboardQuery(userKey, storeId));
export const useAgentDashboard = (userKey: string) => useQuery(agentDashboardQuery(userKey));
export const usePlatformDashboard = (userKey: string) => useQuery(platformDashboardQuery(userKey));
