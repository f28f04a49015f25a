import { canAccess, FORBIDDEN_PATH, LOGIN_PATH, NOT_FOUND_PATH, type RouteNode } from '@netbar/contract';
import { isNoticePath } from '../../lib/access';
import { authPathIds, type SessionUser } from '../../lib/user';

export type Decision = 'allow' | { redirect: string };

export interface DecideOptions {
  /** The netbar-client login flag: the message centre is hidden. */
  netbarLogin?: boolean;
  /** The user just logged out on purpose: a clean login, never `?redirect=` to the page they left. */
  loggedOut?: boolean;
}

export function loginRedirect(pathname: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(pathname)}`;
}

/**
 * The route guard of spec section 4. `route` is the matched node (undefined for an unknown path),
 * `pathname` the current path with its search, used as the login redirect.
 */
export function decide(
  route: RouteNode | undefined,
  user: SessionUser | null,
  pathname: string,
  options: DecideOptions = {},
): Decision {
  if (!route) return { redirect: NOT_FOUND_PATH };
  if (route.access === 'public') return 'allow';
  if (!user) return { redirect: options.loggedOut ? LOGIN_PATH : loginRedirect(pathname) };
  if (options.netbarLogin && isNoticePath(route.path)) return { redirect: FORBIDDEN_PATH };
  if (!canAccess(route, authPathIds(user))) return { redirect: FORBIDDEN_PATH };
  return 'allow';
}
