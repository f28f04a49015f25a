import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffApi } from './staff-api';
import { staffKeys } from './staff-keys';

/** The staff queries: queryOptions own the key, hooks take `enabled` (decision 090). */

export const staffRemarksQuery = (staffId: number | undefined) =>
  queryOptions({ queryKey: staffKeys.remarksOf(staffId), queryFn: () => staffApi.remarks(staffId ?? 0) });
export const useStaffRemarks = (staffId: number | undefined) =>
  useQuery({ ...staffRemarksQuery(staffId), enabled: staffId !== undefined });

export const authTreeQuery = () =>
  queryOptions({ queryKey: staffKeys.authTree(), queryFn: staffApi.authTree });
export const useAuthTree = (enabled: boolean) => useQuery({ ...authTreeQuery(), enabled });

export const ownPermsQuery = () =>
  queryOptions({ queryKey: staffKeys.ownPerms(), queryFn: staffApi.ownPerms });
export const useOwnPerms = (enabled: boolean) => useQuery({ ...ownPermsQuery(), enabled });

export const staffNetbarOptionsQuery = () =>
  queryOptions({ queryKey: staffKeys.netbarOptions(), queryFn: staffApi.netbarOptions });
export const useStaffNetbarOptions = (enabled: boolean) =>
  useQuery({ ...staffNetbarOptionsQuery(), enabled });

export const authAreaQuery = (userId: number | undefined) =>
  queryOptions({ queryKey: staffKeys.area(userId), queryFn: () => staffApi.area(userId ?? 0) });
export const useAuthArea = (userId: number | undefined, enabled: boolean) =>
  useQuery({ ...authAreaQuery(userId), enabled });

export const installStatsQuery = (params: Record<string, unknown>) =>
  queryOptions({ queryKey: staffKeys.install(params), queryFn: () => staffApi.install(params) });
export const useInstallStats = (params: Record<string, unknown>) => useQuery(installStatsQuery(params));
