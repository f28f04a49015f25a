import { ACTIVITY_KIND_LABELS, isActivityKind, LEAGUE_KIND_LABELS, type LeagueKindValue } from './enums';
import type { FlatRoute, RouteNode } from './route-types';
import { AGENT_ROUTES, APPLICATION_ROUTES, MERCHANT_ROUTES, NETBAR_ROUTES } from './routes-business';
import {
  ACCOUNT_ROUTES,
  ADMIN_ROUTES,
  AGREEMENT_ROUTES,
  ERROR_ROUTES,
  HOME_ROUTES,
  NOTICE_ROUTES,
  OTHER_ROUTES,
  PAY_LINK_ROUTES,
  SETTINGS_ROUTES,
  USER_ROUTES,
} from './routes-general';
import { stockDocTitle } from './stock-docs';

export type { FlatRoute, RouteAccess, RouteNode } from './route-types';

export const DEFAULT_SYSTEM_NAME = '网吧云管理平台';

/** The route table of spec section 2, in menu order. */
export const ROUTES: RouteNode[] = [
  ...HOME_ROUTES,
  ...AGENT_ROUTES,
  ...NETBAR_ROUTES,
  ...APPLICATION_ROUTES,
  ...PAY_LINK_ROUTES,
  ...MERCHANT_ROUTES,
  ...SETTINGS_ROUTES,
  ...USER_ROUTES,
  ...NOTICE_ROUTES,
  ...ADMIN_ROUTES,
  ...ACCOUNT_ROUTES,
  ...AGREEMENT_ROUTES,
  ...ERROR_ROUTES,
  ...OTHER_ROUTES,
];

export const LOGIN_PATH = '/account/login';
export const HOME_PATH = '/home';
export const STORE_SWITCH_HOME_PATH = '/home2';
export const FORBIDDEN_PATH = '/error/403';
export const NOT_FOUND_PATH = '/error/404';

let flatCache: FlatRoute[] | undefined;

/** Every node of the table, depth first, each with the path of its parent. */
export function flattenRoutes(): FlatRoute[] {
  if (flatCache) return flatCache;
  const out: FlatRoute[] = [];
  const walk = (nodes: RouteNode[], parentPath: string | null): void => {
    for (const n of nodes) {
      out.push({ ...n, parentPath });
      if (n.children) walk(n.children, n.path);
    }
  };
  walk(ROUTES, null);
  flatCache = out;
  return out;
}

/** Every permission id in the table, ascending. */
export function allRouteIds(): number[] {
  return flattenRoutes()
    .map((n) => n.id)
    .sort((a, b) => a - b);
}

/** Ids of a node and all its descendants. */
export function subtreeIds(node: RouteNode): number[] {
  return [node.id, ...(node.children ?? []).flatMap(subtreeIds)];
}

function cleanPath(pathname: string): string {
  const base = pathname.split(/[?#]/)[0] ?? '';
  if (base.length > 1 && base.endsWith('/')) return base.replace(/\/+$/, '');
  return base;
}

function matchParams(pattern: string, pathname: string): Record<string, string> | undefined {
  const ps = pattern.split('/');
  const xs = pathname.split('/');
  if (ps.length !== xs.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i] ?? '';
    const x = xs[i] ?? '';
    if (p.startsWith(':')) {
      if (x === '') return undefined;
      params[p.slice(1)] = decodeURIComponent(x);
    } else if (p !== x) {
      return undefined;
    }
  }
  return params;
}

/** The node whose path matches pathname (static paths win over dynamic ones), with its params. */
export function matchRouteWithParams(
  pathname: string,
): { node: FlatRoute; params: Record<string, string> } | undefined {
  const path = cleanPath(pathname);
  const flat = flattenRoutes();
  const exact = flat.find((n) => n.path === path);
  if (exact) return { node: exact, params: {} };
  for (const n of flat) {
    if (!n.path.includes(':')) continue;
    const params = matchParams(n.path, path);
    if (params) return { node: n, params };
  }
  return undefined;
}

export function matchRoute(pathname: string): FlatRoute | undefined {
  return matchRouteWithParams(pathname)?.node;
}

function activityTitle(type: string | undefined): string | undefined {
  if (type === undefined) return undefined;
  if (isActivityKind(type)) return `${ACTIVITY_KIND_LABELS[type]}活动设置`;
  if (type === 'League' || type === 'League_yunding')
    return `${LEAGUE_KIND_LABELS[type as LeagueKindValue]}设置`;
  return undefined;
}

/** Title of a page; some hidden pages take it from the query (stockType) or a path param (type). */
export function routeTitle(pathname: string, search?: string): string | undefined {
  const m = matchRouteWithParams(pathname);
  if (!m) return undefined;
  const { node, params } = m;
  if (node.path === '/stock/warehousing_list') {
    const query = search ?? (pathname.includes('?') ? pathname.slice(pathname.indexOf('?')) : '');
    const stockType = new URLSearchParams(query).get('stockType');
    return (stockType ? stockDocTitle(stockType) : undefined) ?? node.title;
  }
  if (
    node.path === '/application_manage/sctivitysettings/:type' ||
    node.path === '/application_manage/three_kingdoms_kill/:type'
  ) {
    return activityTitle(params.type) ?? node.title;
  }
  return node.title;
}

/** Breadcrumbs from the top-level entry down to the page. */
export function breadcrumbFor(pathname: string, search?: string): { path: string; title: string }[] {
  const m = matchRouteWithParams(pathname);
  if (!m) return [];
  const byPath = new Map(flattenRoutes().map((n) => [n.path, n]));
  const chain: FlatRoute[] = [];
  for (let n: FlatRoute | undefined = m.node; n; n = n.parentPath ? byPath.get(n.parentPath) : undefined) {
    chain.unshift(n);
  }
  return chain.map((n, i) =>
    i === chain.length - 1
      ? { path: cleanPath(pathname), title: routeTitle(pathname, search) ?? n.title }
      : { path: n.path, title: n.title },
  );
}

/**
 * Public and login routes are open; a permission route needs its id, its `opensWith` id or (for a parent)
 * any descendant's id.
 */
export function canAccess(node: RouteNode, pathIds: readonly number[]): boolean {
  if (node.access !== 'permission') return true;
  const ids = new Set(pathIds);
  if (node.opensWith !== undefined && ids.has(node.opensWith)) return true;
  return subtreeIds(node).some((id) => ids.has(id));
}

function menuNodes(nodes: RouteNode[], ids: readonly number[]): RouteNode[] {
  const out: RouteNode[] = [];
  for (const n of nodes) {
    if (n.hidden || n.access === 'public' || !canAccess(n, ids)) continue;
    if (n.children) {
      const children = menuNodes(n.children, ids);
      if (children.length === 0) continue;
      out.push({ ...n, children });
    } else {
      out.push({ ...n });
    }
  }
  return out;
}

/** The sidebar menu for a user's path ids: visible, allowed routes only; parents keep allowed children. */
export function menuFor(pathIds: readonly number[]): RouteNode[] {
  return menuNodes(ROUTES, pathIds);
}
