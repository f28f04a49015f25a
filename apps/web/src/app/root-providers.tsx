import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { THEME } from './theme';

/**
 * What the whole console shares from its first paint, the login page included: antd's zh_CN locale and the
 * theme tokens. The query client, dayjs and 暂无数据 come with the screens that use them
 * (app/screen-runtime.tsx, docs/decisions/097-light-login-entry.md).
 */
export function RootProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={THEME}>
      {children}
    </ConfigProvider>
  );
}
