import { menuFor, type RouteNode, UserType } from '@netbar/contract';
import { authPathIds, type SessionUser } from './user';

/** Access rules of spec section 6 that the shell applies on top of the route table. */

export const NOTICE_PREFIX = '/notice';

export type UserMenuKey = 'info' | 'safe' | 'switch' | 'logout';

/** A chain head logged in at its own head store: 品牌管理员. */
export function isBrandAdmin(user: SessionUser | null): boolean {
  // The chain head's own account: it logged in through the head store, wherever it works now.
  const entry = user?.login_id || user?.nid;
  return !!user && user.type === UserType.Netbar && user.chain_type === 1 && entry === user.chain_id;
}

/**
 * Netbar users logged in through a sub-store (or whose chain has stores), or the brand administrator;
 * netbar staff of a chain too: their list holds only the stores granted them (decision 145).
 */
export function canSwitchStore(user: SessionUser | null): boolean {
  if (!user || (user.type !== UserType.Netbar && user.type !== UserType.NetbarStaff)) return false;
  return user.change_type === 1 || user.chain_id > 0 || isBrandAdmin(user);
}

/** The header dropdown: agent staff see no 账号信息; netbar staff see neither 账号信息 nor 账号安全. */
export function userMenuKeys(user: SessionUser | null): UserMenuKey[] {
  if (!user) return [];
  const keys: UserMenuKey[] = [];
  if (user.type !== UserType.AgentStaff && user.type !== UserType.NetbarStaff) keys.push('info');
  if (user.type !== UserType.NetbarStaff) keys.push('safe');
  if (canSwitchStore(user)) keys.push('switch');
  keys.push('logout');
  return keys;
}

/** Whether a path belongs to the message centre (hidden for a netbar-client login). */
export function isNoticePath(path: string): boolean {
  return path === NOTICE_PREFIX || path.startsWith(`${NOTICE_PREFIX}/`);
}

function withoutNotice(nodes: RouteNode[]): RouteNode[] {
  return nodes
    .filter((n) => !isNoticePath(n.path))
    .map((n) => (n.children ? { ...n, children: withoutNotice(n.children) } : n));
}

/** The sidebar menu: menuFor(auth path ids), without the message centre for a netbar-client login. */
export function sidebarMenu(user: SessionUser | null, netbarLogin: boolean): RouteNode[] {
  if (!user) return [];
  const menu = menuFor(authPathIds(user));
  return netbarLogin ? withoutNotice(menu) : menu;
}

/** Whether the user holds an available button permission (e.g. login_panda). */
export function hasButton(user: SessionUser | null, name: string): boolean {
  return !!user && user.auth.btn.some((b) => b.name === name && (b.available === true || b.available === 1));
}
