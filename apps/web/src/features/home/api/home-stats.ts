import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

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

export function useHomeStats(userKey: string) {
  return useQuery({ queryKey: ['home', 'stats', userKey], queryFn: fetchHomeStats });
}
