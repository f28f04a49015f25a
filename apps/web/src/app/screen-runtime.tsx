import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { useAppState } from '../lib/app-state';
import { configureHttp } from '../lib/http';
import { appNavigation } from './navigation';
import { appQueryClient, renderEmpty } from './providers';

/**
 * What every screen but the login page needs, in one lazy chunk loaded together with the screen (or the
 * layout): the query client, dayjs in zh-cn (set by ./providers), 暂无数据 for empty tables and selects, and
 * the request client wired to the router. The login page does without, so its first download stays light
 * (docs/decisions/097-light-login-entry.md).
 */
configureHttp({
  navigate: (to) => appNavigation.navigate(to),
  currentPath: () => appNavigation.currentPath(),
  onUnauthorized: () => useAppState.getState().clearUser(),
});

const Inside = createContext(false);

/** Provides the runtime once: the layout does, and a screen inside it finds it there. */
export function ScreenRuntime({ children }: { children: ReactNode }) {
  const inside = useContext(Inside);
  // a test renders inside its own Providers (its own query client): keep it
  const outerClient = useContext(QueryClientContext);
  if (inside) return children;
  const content = (
    <Inside.Provider value>
      <ConfigProvider renderEmpty={renderEmpty}>{children}</ConfigProvider>
    </Inside.Provider>
  );
  return outerClient ? content : <QueryClientProvider client={appQueryClient}>{content}</QueryClientProvider>;
}
