import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDrawResult, fetchStoreApps } from './activity-api';
import { activityKeys } from './activity-keys';

export const storeAppsQuery = () => queryOptions({ queryKey: activityKeys.apps(), queryFn: fetchStoreApps });
export const useStoreApps = () => useQuery(storeAppsQuery());
export const useDrawResult = (id: number | undefined) =>
  useQuery({
    queryKey: activityKeys.drawResult(id ?? 0),
    queryFn: () => fetchDrawResult(id ?? 0),
    enabled: id !== undefined,
  });
