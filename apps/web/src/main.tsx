import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createAppRouter } from './app/router';
import { installScrollRegions } from './components/scroll-regions';
import { useAppState } from './lib/app-state';
import { configureHttp } from './lib/http';
import { installTabCloseCleanup } from './lib/storage';

installTabCloseCleanup();
// scrolled tables are reachable by keyboard on every page (docs/decisions/071-accessibility.md)
installScrollRegions();

const router = createAppRouter();

configureHttp({
  navigate: (to) => {
    router.navigate(to, { replace: true });
  },
  currentPath: () => router.state.location.pathname + router.state.location.search,
  onUnauthorized: () => useAppState.getState().clearUser(),
});

const container = document.getElementById('root');
if (container) {
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
