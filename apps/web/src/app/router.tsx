import { type FlatRoute, flattenRoutes, NOT_FOUND_PATH } from '@netbar/contract';
import { Component, type ReactNode, useEffect } from 'react';
import { Navigate, Outlet, type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { useAppState } from '../lib/app-state';
import { LazyShell } from './layout/lazy-shell';
import { RouteErrorPage } from './layout/route-error-page';
import { setAppNavigation } from './navigation';
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

interface BoundaryProps {
  /** The page's path: going elsewhere clears the error. */
  at: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  at: string;
}

/** A render error shows 页面加载失败 with 重新加载 until the next navigation (the data router's errorElement). */
class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, at: this.props.at };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.at === state.at) return null;
    return { failed: false, at: props.at };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

/** Lends the router's navigation to code outside React (the request client's 40005 redirect). */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(() => {
    setAppNavigation({
      navigate: (to) => {
        navigate(to, { replace: true });
      },
      currentPath: () => window.location.pathname + window.location.search,
    });
  }, [navigate]);
  return null;
}

const ROUTES = buildRoutes();

/**
 * The console's routes, rendered by the <BrowserRouter> of main.tsx. Declarative mode: the console uses
 * no loader, action or fetcher, and the data router's engine would add ~16 KB gzip to the login page
 * (docs/decisions/097-light-login-entry.md).
 */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(ROUTES);
  return (
    <>
      <NavigationBridge />
      <RouteErrorBoundary at={location.pathname + location.search}>{element}</RouteErrorBoundary>
    </>
  );
}
