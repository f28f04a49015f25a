import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchDesktopConfig, fetchDesktopSettings } from './desktop-api';
import { desktopKeys } from './desktop-keys';

export const desktopSettingsQuery = () =>
  queryOptions({ queryKey: desktopKeys.settings(), queryFn: fetchDesktopSettings });
export const useDesktopSettings = () => useQuery(desktopSettingsQuery());

export const desktopConfigQuery = (id: number) =>
  queryOptions({ queryKey: desktopKeys.config(id), queryFn: () => fetchDesktopConfig(id) });
export const useDesktopConfig = (id: number) => useQuery({ ...desktopConfigQuery(id), enabled: id > 0 });
