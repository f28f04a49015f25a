import { type FlatRoute, type RouteNode, routeTitle } from '@netbar/contract';
import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { NotOpenPage } from '../components/not-open-page';
import { PageLoading } from '../components/page-loading';
import { useAppStore } from '../store/app-store';
import { ChunkErrorBoundary, lazyScreen } from './lazy-screen';
import { screenFor } from './screens';

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

/** Renders the registered screen of a route lazily, or the 暂未开放 notice when none is registered. */
export function RouteScreen({ node }: { node: FlatRoute }) {
  const location = useLocation();
  const routers = useAppStore((s) => s.routers);
  const loader = screenFor(node.path);
  if (!loader) {
    if (node.children?.length) {
      const inMenu = findNode(routers, node.path);
      const target = inMenu ? firstLeaf(inMenu) : undefined;
      if (target && target !== node.path) return <Navigate to={target} replace />;
    }
    return <NotOpenPage title={routeTitle(location.pathname, location.search) ?? node.title} />;
  }
  const Screen = lazyScreen(node.path, loader);
  return (
    <ChunkErrorBoundary key={node.path}>
      <Suspense fallback={<PageLoading />}>
        <Screen />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
