import { useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { SessionUser } from '../../../lib/user';

/** GET user_info: the logged-in user, fresh from the server. */
export async function fetchUserInfo(): Promise<SessionUser> {
  const res = await http.get<SessionUser>('user_info');
  return res.data;
}

export function useUserInfo(enabled: boolean) {
  return useQuery({ queryKey: ['user_info'], queryFn: fetchUserInfo, enabled, staleTime: 60_000 });
}
