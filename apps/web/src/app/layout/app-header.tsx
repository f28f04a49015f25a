import { MenuFoldOutlined, MenuUnfoldOutlined, ShopOutlined } from '@ant-design/icons';
import { Button, Layout, Space, Tag, theme } from 'antd';
import { BroadcastAnnouncer } from '../../features/broadcast/components/broadcast-announcer';
import { ImportEntry } from '../../features/legacy-import/components/import-entry';
import { NoticeBell } from '../../features/notice/components/notice-bell';
import { PartnerEntry } from '../../features/partner/components/partner-entry';
import { ScreenRelay } from '../../features/secondary-screen/components/screen-relay';
import { useCurrentStoreName } from '../../features/store/api/current-store';
import { TerminalInbox } from '../../features/terminal/components/terminal-inbox';
import { isBrandAdmin } from '../../lib/access';
import { useAppState } from '../../lib/app-state';
import { QrPanel } from './qr-panel';
import { ServiceButton } from './service-button';
import { UserDropdown } from './user-dropdown';

/**
 * The header: collapse toggle, current store, 数据导入 and 合作平台 (their buttons' holders), QR panel, customer
 * service, bell, user dropdown.
 */
export function AppHeader() {
  const { token } = theme.useToken();
  const user = useAppState((s) => s.user);
  const collapsed = useAppState((s) => s.collapsed);
  const toggleCollapsed = useAppState((s) => s.toggleCollapsed);
  const current = useCurrentStoreName(user);
  // The store worked in now; its chain in front when it belongs to one.
  const storeName = current
    ? user?.chain_name && !current.startsWith(user.chain_name)
      ? `${user.chain_name} · ${current}`
      : current
    : user?.chain_name;

  return (
    <Layout.Header
      style={{
        background: token.colorBgContainer,
        padding: '0 16px 0 0',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        position: 'sticky',
        top: 0,
        zIndex: 10,
      }}
    >
      <Space size="middle">
        <Button
          type="text"
          aria-label={collapsed ? '展开菜单' : '收起菜单'}
          data-testid="collapse-toggle"
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={toggleCollapsed}
          style={{ width: 56, height: 56, fontSize: 16 }}
        />
        {storeName && (
          <Space size={6}>
            <ShopOutlined style={{ color: token.colorTextSecondary }} />
            <span data-testid="current-store">{storeName}</span>
          </Space>
        )}
        {isBrandAdmin(user) && <Tag color="gold">品牌管理员</Tag>}
      </Space>
      <Space size={4}>
        <ImportEntry />
        <PartnerEntry />
        <QrPanel />
        <ServiceButton />
        <TerminalInbox />
        <BroadcastAnnouncer />
        <ScreenRelay />
        <NoticeBell />
        <UserDropdown />
      </Space>
    </Layout.Header>
  );
}
