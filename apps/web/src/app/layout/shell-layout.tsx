import { App as AntdApp, Layout, Typography } from 'antd';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useUserInfo } from '../../features/account/api/user-info';
import { useAppState } from '../../lib/app-state';
import { isSessionUser } from '../../lib/user';
import { AppHeader } from './app-header';
import { Breadcrumbs } from './breadcrumbs';
import { Sidebar } from './sidebar';

/** The console layout: collapsible sidebar, header, breadcrumbs and the page. */
export function ShellLayout() {
  const collapsed = useAppState((s) => s.collapsed);
  const systemName = useAppState((s) => s.site.system_name);
  const loggedIn = useAppState((s) => s.user !== null);
  const setUser = useAppState((s) => s.setUser);
  const info = useUserInfo(loggedIn);

  useEffect(() => {
    // user_info does not repeat the token issued at login: keep the stored one
    const fresh = info.data;
    const current = useAppState.getState().user;
    if (isSessionUser(fresh) && current) setUser({ ...fresh, token: fresh.token || current.token });
  }, [info.data, setUser]);

  return (
    <AntdApp component={false}>
      <Shell collapsed={collapsed} systemName={systemName} />
    </AntdApp>
  );
}

function Shell({ collapsed, systemName }: { collapsed: boolean; systemName: string }) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        trigger={null}
        width={220}
        style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}
        data-testid="sidebar"
      >
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#fff',
            fontWeight: 600,
            fontSize: collapsed ? 14 : 16,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            padding: '0 12px',
          }}
          title={systemName}
        >
          {collapsed ? systemName.slice(0, 2) : systemName}
        </div>
        <Sidebar />
      </Layout.Sider>
      <Layout>
        <AppHeader />
        <Layout.Content style={{ margin: 16 }}>
          <Breadcrumbs />
          <Outlet />
        </Layout.Content>
        <Layout.Footer style={{ textAlign: 'center', padding: '12px 0' }}>
          <Typography.Text type="secondary">{systemName}</Typography.Text>
        </Layout.Footer>
      </Layout>
    </Layout>
  );
}
