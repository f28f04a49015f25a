import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Empty } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { THEME } from './theme';

export { THEME };

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
 * the query client. Tests render screens inside it; the running console gives every page RootProviders and
 * loads the rest with the first screen after the login page (screen-runtime.tsx, decision 097).
 */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <ConfigProvider locale={zhCN} renderEmpty={renderEmpty} theme={THEME}>
      <QueryClientProvider client={client ?? appQueryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
