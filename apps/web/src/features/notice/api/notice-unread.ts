import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

export const UNREAD_KEY = ['notice', 'unread'] as const;

/** GET notice_unread_count: a background check, so it never toasts. */
export async function fetchUnreadCount(): Promise<number> {
  const res = await http.get<{ count: number }>('notice_unread_count', undefined, { silent: true });
  return Number(res.data?.count ?? 0);
}

/** Fetched once on mount; later checks come from the random timer (no fixed polling). */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: UNREAD_KEY,
    queryFn: fetchUnreadCount,
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
