import { isSuccess } from '@netbar/contract';
import { useEffect } from 'react';
import { type SiteConfig, useAppState } from '../lib/app-state';
import { PASSPORT_BASE } from '../lib/http-rules';

/**
 * GET site_config, the public settings (system name, QR codes, chat URL, images). The root frame reads it
 * for every page, the login page included, before the request client is loaded: so it is a plain silent
 * fetch under the same transport rules (passport base, X-Requested-With, cache-busting t), and an answer
 * that is not a success leaves the defaults (docs/decisions/097-light-login-entry.md).
 */
export async function fetchSiteConfig(): Promise<Partial<SiteConfig>> {
  const res = await fetch(`${PASSPORT_BASE}site_config?t=${Date.now()}`, {
    credentials: 'same-origin',
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const body: unknown = await res.json();
  if (!body || typeof body !== 'object' || !isSuccess(body as { status?: unknown })) return {};
  const data = (body as { data?: unknown }).data;
  return data && typeof data === 'object' ? (data as Partial<SiteConfig>) : {};
}

let loaded: Promise<Partial<SiteConfig>> | undefined;

/** Loaded once per visit; a failure is tried again by the next page that mounts the loader. */
function loadOnce(): Promise<Partial<SiteConfig>> {
  loaded ??= fetchSiteConfig().catch(() => {
    loaded = undefined;
    return {};
  });
  return loaded;
}

/** Forget the loaded configuration (tests). */
export function resetSiteConfig(): void {
  loaded = undefined;
}

/** Load GET site_config once and keep it in the app state. */
export function useSiteConfigLoader(): void {
  const setSite = useAppState((s) => s.setSite);
  useEffect(() => {
    let live = true;
    void loadOnce().then((data) => {
      if (live && Object.keys(data).length) setSite(data);
    });
    return () => {
      live = false;
    };
  }, [setSite]);
}
