import { type FlatRoute, flattenRoutes, NOT_FOUND_PATH } from '@netbar/contract';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router';
import { useAppState } from '../lib/app-state';
import { LazyShell } from './layout/lazy-shell';
import { RouteErrorPage } from './layout/route-error-page';
import { RootFrame } from './root-frame';
import { RouteScreen } from './route-screen';

const isErrorRoute = (n: FlatRoute) => n.path.startsWith('/error/');

function toRoute(node: FlatRoute): RouteObject {
  return { path: node.path, element: <RouteScreen node={node} /> };
}

/** Error pages sit inside the layout for a logged-in user and stand alone otherwise. */
function MaybeShell() {
  const user = useAppState((s) => s.user);
  return user ? <LazyShell /> : <Outlet />;
}

/** Route objects built from the contract's route table (spec section 2). */
export function buildRoutes(): RouteObject[] {
  const flat = flattenRoutes();
  const shell = flat.filter((n) => n.access !== 'public').map(toRoute);
  const bare = flat.filter((n) => n.access === 'public' && !isErrorRoute(n)).map(toRoute);
  const errors = flat.filter(isErrorRoute).map(toRoute);
  return [
    {
      path: '/',
      element: <RootFrame />,
      errorElement: <RouteErrorPage />,
      children: [
        { element: <LazyShell />, children: shell },
        { element: <Outlet />, children: bare },
        { element: <MaybeShell />, children: errors },
        { path: '*', element: <Navigate to={NOT_FOUND_PATH} replace /> },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}

export type AppRouter = ReturnType<typeof createAppRouter>;
