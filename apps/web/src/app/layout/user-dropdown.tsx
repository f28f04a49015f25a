import { DownOutlined, LogoutOutlined, SafetyOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { USER_TYPE_LABELS } from '@netbar/contract';
import { Avatar, Dropdown, type MenuProps, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { LazyBoundary } from '../../components/lazy-boundary';
import { type UserMenuKey, userMenuKeys } from '../../lib/access';
import { useAppState } from '../../lib/app-state';
import { useLogoutConfirm } from './use-logout-confirm';

/** The switch dialog (with its table) loads only when opened. */
const StoreSwitchModal = lazy(() =>
  import('../../features/store/components/store-switch-modal').then((m) => ({ default: m.StoreSwitchModal })),
);

const LABELS: Record<UserMenuKey, { label: string; icon: ReactNode }> = {
  info: { label: '账号信息', icon: <UserOutlined /> },
  safe: { label: '账号安全', icon: <SafetyOutlined /> },
  switch: { label: '门店切换', icon: <SwapOutlined /> },
  logout: { label: '退出登录', icon: <LogoutOutlined /> },
};

/** The header's user dropdown under spec section 6's rules (lib/access.ts). */
export function UserDropdown() {
  const user = useAppState((s) => s.user);
  const navigate = useNavigate();
  const confirmLogout = useLogoutConfirm();
  const [switching, setSwitching] = useState(false);
  if (!user) return null;

  const keys = userMenuKeys(user);
  const items: MenuProps['items'] = keys.map((key) => ({
    key,
    label: LABELS[key].label,
    icon: LABELS[key].icon,
    danger: key === 'logout',
  }));
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'info') navigate('/user/info');
    else if (key === 'safe') navigate('/user/safe');
    else if (key === 'switch') setSwitching(true);
    else if (key === 'logout') confirmLogout();
  };

  return (
    <>
      <Dropdown menu={{ items, onClick }} placement="bottomRight" trigger={['hover', 'click']}>
        <Space style={{ cursor: 'pointer', padding: '0 8px' }} data-testid="user-dropdown">
          <Avatar size="small" icon={<UserOutlined />} style={{ background: '#1677ff' }} />
          <span>
            <Typography.Text>{user.true_name || user.user_name}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 6, fontSize: 12 }}>
              {USER_TYPE_LABELS[user.type]}
            </Typography.Text>
          </span>
          <DownOutlined style={{ fontSize: 10 }} />
        </Space>
      </Dropdown>
      {keys.includes('switch') && switching && (
        <LazyBoundary>
          <Suspense fallback={null}>
            <StoreSwitchModal open={switching} onClose={() => setSwitching(false)} />
          </Suspense>
        </LazyBoundary>
      )}
    </>
  );
}
