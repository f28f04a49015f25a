import { queryOptions, useQuery } from '@tanstack/react-query';
import { netbarStaffApi } from './netbar-staff-api';
import { netbarStaffKeys } from './netbar-staff-keys';

/** The netbar staff queries: queryOptions own the key, hooks take `enabled` (decision 090). */

export const staffStoresQuery = () =>
  queryOptions({ queryKey: netbarStaffKeys.stores(), queryFn: netbarStaffApi.stores });
export const useStaffStores = (enabled = true) => useQuery({ ...staffStoresQuery(), enabled });

export const staffAuthTreeQuery = () =>
  queryOptions({ queryKey: netbarStaffKeys.authTree(), queryFn: netbarStaffApi.authTree });
export const useStaffAuthTree = (enabled: boolean) => useQuery({ ...staffAuthTreeQuery(), enabled });

export const staffRemarksQuery = (staffId: number | undefined) =>
  queryOptions({
    queryKey: netbarStaffKeys.remarksOf(staffId),
    queryFn: () => netbarStaffApi.remarks(staffId ?? 0),
  });
export const useNetbarStaffRemarks = (staffId: number | undefined) =>
  useQuery({ ...staffRemarksQuery(staffId), enabled: staffId !== undefined });
