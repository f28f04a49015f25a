import { HOME_PATH, LOGIN_PATH } from '@netbar/contract';

/** Where to go after login: the `redirect` query when it is a local path, otherwise /home. */
export function afterLoginPath(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return HOME_PATH;
  if (target === LOGIN_PATH || target.startsWith(`${LOGIN_PATH}?`)) return HOME_PATH;
  return target;
}
