import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Empty } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';
import { RootProviders } from './root-providers';

export { THEME } from './theme';

dayjs.locale('zh-cn');

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // the request client already toasts each failure; a retry would toast again
      queries: { retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** Every empty table, select and list says 暂无数据. */
export function renderEmpty() {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />;
}

/** The console's one query client (screens loaded by the router share it: app/screen-runtime.tsx). */
export const appQueryClient = createQueryClient();

/**
 * Everything a screen relies on at once: locale (antd zh_CN, dayjs zh-cn), theme, 暂无数据 everywhere and
 * the query client. Tests render screens inside it; the running console gives the login page only
 * RootProviders and loads the rest with the first other screen (docs/decisions/097-light-login-entry.md).
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <RootProviders>
      <ConfigProvider renderEmpty={renderEmpty}>
        <QueryClientProvider client={client ?? appQueryClient}>{children}</QueryClientProvider>
      </ConfigProvider>
    </RootProviders>
  );
}
