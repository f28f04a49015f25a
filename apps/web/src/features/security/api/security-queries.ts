import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi } from './account-api';
import { securityKeys } from './security-keys';

export const securityInfoQuery = () =>
  queryOptions({ queryKey: securityKeys.info(), queryFn: accountApi.securityInfo });
export const useSecurityInfo = () => useQuery(securityInfoQuery());

/** One's own details (get_netbar_user for a netbar, get_agent_user otherwise). */
export const profileQuery = (type: number) =>
  queryOptions({ queryKey: securityKeys.profile(type), queryFn: () => accountApi.profile(type) });
export const useProfile = (type: number) => useQuery(profileQuery(type));
