import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type SiteConfig, useAppState } from '../lib/app-state';
import { http } from '../lib/http';
import { siteConfigKeys } from './site-config-keys';

export async function fetchSiteConfig(): Promise<Partial<SiteConfig>> {
  const res = await http.get<Partial<SiteConfig>>('site_config', undefined, { silent: true });
  return res.data ?? {};
}

/** Load GET site_config once and keep it in the app store (system name, QR codes, chat URL, images). */
export function useSiteConfigLoader(): void {
  const setSite = useAppState((s) => s.setSite);
  const { data } = useQuery({
    queryKey: siteConfigKeys.all,
    queryFn: fetchSiteConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (data) setSite(data);
  }, [data, setSite]);
}
