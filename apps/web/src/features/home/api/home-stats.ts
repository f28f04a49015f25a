import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { homeKeys } from './home-keys';

export interface StatCard {
  key: string;
  title: string;
  value: number;
  unit?: string;
  hint?: string;
}

/** GET home_stats: the figure cards for the user's type (real figures from the server). */
export async function fetchHomeStats(): Promise<StatCard[]> {
  const res = await http.get<{ cards: StatCard[] }>('home_stats');
  return res.data?.cards ?? [];
}

export const homeStatsQuery = (userKey: string) =>
  queryOptions({ queryKey: homeKeys.stats(userKey), queryFn: fetchHomeStats });

export function useHomeStats(userKey: string) {
  return useQuery(homeStatsQuery(userKey));
}
