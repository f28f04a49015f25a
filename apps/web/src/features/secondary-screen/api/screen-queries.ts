import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchScreenPublic, fetchScreenSettings } from './screen-api';
import { screenKeys } from './screen-keys';

export const screenSettingsQuery = () =>
  queryOptions({ queryKey: screenKeys.settings(), queryFn: fetchScreenSettings });
export const useScreenSettings = () => useQuery(screenSettingsQuery());

/** The public page re-reads its slideshow every 5 minutes (a saved change reaches an open screen). */
export const useScreenPublic = (token: string) =>
  useQuery({
    queryKey: screenKeys.public(token),
    queryFn: () => fetchScreenPublic(token),
    retry: false,
    refetchInterval: 5 * 60_000,
  });
