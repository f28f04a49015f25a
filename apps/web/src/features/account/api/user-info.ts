import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import type { SessionUser } from '../../../lib/user';
import { accountKeys } from './account-keys';

/** GET user_info: the logged-in user, fresh from the server. */
export async function fetchUserInfo(): Promise<SessionUser> {
  const res = await http.get<SessionUser>('user_info');
  return res.data;
}

export const userInfoQuery = () =>
  queryOptions({ queryKey: accountKeys.userInfo(), queryFn: fetchUserInfo, staleTime: 60_000 });

export function useUserInfo(enabled: boolean) {
  return useQuery({ ...userInfoQuery(), enabled });
}
