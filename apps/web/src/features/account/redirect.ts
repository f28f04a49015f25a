import {
  canAccess,
  FORBIDDEN_PATH,
  HOME_PATH,
  LOGIN_PATH,
  matchRoute,
  NOT_FOUND_PATH,
} from '@netbar/contract';
import { authPathIds, type SessionUser } from '../../lib/user';

/**
 * Where to go after login: the `redirect` query when it is a local path that the user who just logged
 * in may open, otherwise /home (the previous user's page may be closed to the next one).
 */
export function afterLoginPath(search: string, user?: SessionUser | null): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return HOME_PATH;
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  if (user) {
    const route = matchRoute(target);
    if (!route || route.path === FORBIDDEN_PATH || route.path === NOT_FOUND_PATH) return HOME_PATH;
    if (!canAccess(route, authPathIds(user))) return HOME_PATH;
  }
  return target;
}
