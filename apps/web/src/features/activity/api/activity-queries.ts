import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchStoreApps } from './activity-api';
import { activityKeys } from './activity-keys';

export const storeAppsQuery = () => queryOptions({ queryKey: activityKeys.apps(), queryFn: fetchStoreApps });
export const useStoreApps = () => useQuery(storeAppsQuery());
