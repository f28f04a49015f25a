import type { FlatRoute, RouteNode } from '@netbar/contract';
import { Suspense } from 'react';
import { Navigate } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { useAppState } from '../lib/app-state';
import { ChunkErrorBoundary, lazyScreen } from './lazy-screen';
import { EAGER_SCREENS, screenFor } from './screens';

const NOT_OPEN_KEY = '(not-open)';
const loadNotOpen = () => import('../components/not-open-page');

function findNode(nodes: RouteNode[], path: string): RouteNode | undefined {
  for (const n of nodes) {
    if (n.path === path) return n;
    const inner = n.children ? findNode(n.children, path) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

function firstLeaf(node: RouteNode): string {
  const child = node.children?.[0];
  return child ? firstLeaf(child) : node.path;
}

/**
 * Renders the registered screen of a route: an eager one (the login page) at once, the others lazily
 * inside the screen runtime; a section without a screen goes to its first menu entry;
 * a route without a registered screen shows the 该功能暂未开放 notice.
 */
export function RouteScreen({ node }: { node: FlatRoute }) {
  const Eager = EAGER_SCREENS[node.path];
  if (Eager) {
    return (
      <ChunkErrorBoundary key={node.path}>
        <Eager />
      </ChunkErrorBoundary>
    );
  }
  return <LazyRouteScreen node={node} />;
}

function LazyRouteScreen({ node }: { node: FlatRoute }) {
  const routers = useAppState((s) => s.routers);
  const loader = screenFor(node.path);
  if (!loader && node.children?.length) {
    const inMenu = findNode(routers, node.path);
    const target = inMenu ? firstLeaf(inMenu) : undefined;
    if (target && target !== node.path) return <Navigate to={target} replace />;
  }
  const Screen = loader ? lazyScreen(node.path, loader) : lazyScreen(NOT_OPEN_KEY, loadNotOpen);
  return (
    <ChunkErrorBoundary key={node.path}>
      <Suspense fallback={<PageLoading />}>
        <Screen />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
