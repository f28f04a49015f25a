import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { RootProviders } from './app/root-providers';
import { AppRoutes } from './app/router';
import { installScrollRegions } from './components/scroll-regions';
import { installTabCloseCleanup } from './lib/storage';

installTabCloseCleanup();
// scrolled tables are reachable by keyboard on every page (docs/decisions/071-accessibility.md)
installScrollRegions();

// The request client, the query client and dayjs load with the first screen after the login page
// (app/screen-runtime.tsx); the router lends them its navigation (docs/decisions/097-light-login-entry.md).
const container = document.getElementById('root');
if (container) {
  const root = createRoot(container);
  // A transition lets React render the first screen in slices, between which the browser stays
  // responsive (one long task less on a slow counter PC: decision 097).
  startTransition(() => {
    root.render(
      <StrictMode>
        <RootProviders>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </RootProviders>
      </StrictMode>,
    );
  });
}
