import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAreas, fetchLayout, fetchLink, fetchLive, fetchPublicMap } from './venue-api';
import { venueKeys } from './venue-keys';

/**
 * Venue queries: queryOptions own the key. The live map is refetched when the live channel says seats
 * changed (SEATS, features/terminal/use-terminal-channel.ts, decision 114); the 60 s poll is the fallback.
 */

export const areasQuery = () => queryOptions({ queryKey: venueKeys.areas(), queryFn: fetchAreas });
export const useAreas = () => useQuery(areasQuery());

export const useLayout = (areaId: number | undefined) =>
  useQuery({
    queryKey: venueKeys.layout(areaId ?? 0),
    queryFn: () => fetchLayout(areaId!),
    enabled: !!areaId,
  });

export const LIVE_REFRESH_MS = 60_000;
export const useLiveMap = () =>
  useQuery({ queryKey: venueKeys.live(), queryFn: fetchLive, refetchInterval: LIVE_REFRESH_MS });

export const useSeatLink = () => useQuery({ queryKey: venueKeys.link(), queryFn: fetchLink });

export const usePublicMap = (token: string) =>
  useQuery({
    queryKey: venueKeys.publicMap(token),
    queryFn: () => fetchPublicMap(token),
    enabled: !!token,
    retry: false,
    refetchInterval: 30_000,
  });
