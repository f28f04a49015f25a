import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider, Empty } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { type ReactNode, useEffect } from 'react';
import { setFeedback } from '../lib/feedback';

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

/** Hands the context-aware antd feedback functions to code outside React (lib/http.ts). */
function FeedbackBridge() {
  const { notification, message } = AntdApp.useApp();
  useEffect(() => {
    setFeedback({
      error: (msg) => notification.error({ title: msg, closable: true, duration: 4.5, placement: 'top' }),
      success: (msg) => message.success(msg),
    });
    return () => setFeedback(null);
  }, [notification, message]);
  return null;
}

export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <ConfigProvider locale={zhCN} renderEmpty={renderEmpty} theme={{ token: { colorPrimary: '#1677ff' } }}>
      <AntdApp>
        <FeedbackBridge />
        <QueryClientProvider client={client ?? defaultClient}>{children}</QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}

const defaultClient = createQueryClient();
