import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, Empty } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';

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

const defaultClient = createQueryClient();

/** Locale (antd zh_CN, dayjs zh-cn), 暂无数据 everywhere and the query client. */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <ConfigProvider locale={zhCN} renderEmpty={renderEmpty} theme={{ token: { colorPrimary: '#1677ff' } }}>
      <QueryClientProvider client={client ?? defaultClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}
