import { HOME_PATH, matchRoute, routeTitle } from '@netbar/contract';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAppState } from '../lib/app-state';
import { decide } from './guards/decide';
import { useSiteConfigLoader } from './site-config';

/** The browser title: the route's title followed by the system name, or the system name alone. */
export function documentTitle(title: string | undefined, systemName: string): string {
  return title ? `${title} - ${systemName}` : systemName;
}

/** The root view: guard, browser title, site config; hosts only the router outlet. */
export function RootFrame() {
  const location = useLocation();
  const user = useAppState((s) => s.user);
  const netbarLogin = useAppState((s) => s.netbarLogin);
  const loggedOut = useAppState((s) => s.loggedOut);
  const systemName = useAppState((s) => s.site.system_name);
  useSiteConfigLoader();

  const current = location.pathname + location.search;
  const decision = decide(matchRoute(location.pathname), user, current, { netbarLogin, loggedOut });
  const title = routeTitle(location.pathname, location.search);

  useEffect(() => {
    document.title = documentTitle(title, systemName);
  }, [title, systemName]);

  if (location.pathname === '/') return <Navigate to={HOME_PATH} replace />;
  if (decision !== 'allow') return <Navigate to={decision.redirect} replace />;
  return <Outlet />;
}
