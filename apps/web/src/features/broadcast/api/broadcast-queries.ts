import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchBroadcastSettings } from './broadcast-api';
import { broadcastKeys } from './broadcast-keys';

/** The store's settings (defaults until saved); the announcer keeps them a minute between reads. */
export const broadcastSettingsQuery = () =>
  queryOptions({ queryKey: broadcastKeys.settings(), queryFn: fetchBroadcastSettings, staleTime: 60_000 });
export const useBroadcastSettings = (enabled = true) => useQuery({ ...broadcastSettingsQuery(), enabled });
