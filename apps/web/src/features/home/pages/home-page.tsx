import { USER_TYPE_LABELS } from '@netbar/contract';
import { Card, Space, Tag, Typography } from 'antd';
import { useLocation } from 'react-router';
import { isBrandAdmin } from '../../../lib/access';
import { useAppState } from '../../../lib/app-state';
import { shanghaiNow } from '../../../lib/shanghai-day';
import { useHomeStats } from '../api/home-stats';
import { HomeDashboard } from '../components/home-dashboard';
import { QuickLinks } from '../components/quick-links';
import { StatCards } from '../components/stat-cards';

function greeting(hour: number): string {
  if (hour < 6) return '夜深了';
  if (hour < 12) return '上午好';
  if (hour < 18) return '下午好';
  return '晚上好';
}

/**
 * /home and /home2: the user type's dashboard (decision 158; /home2 = the switched-to store only), the
 * account cards from GET home_stats and quick links into the user's menu.
 */
export default function HomePage() {
  const user = useAppState((s) => s.user);
  const routers = useAppState((s) => s.routers);
  const home2 = useLocation().pathname === '/home2';
  const stats = useHomeStats(`${user?.id ?? 0}-${user?.nid ?? 0}`);
  if (!user) return null;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {greeting(shanghaiNow().hour())}，{user.true_name || user.user_name}
        </Typography.Title>
        <Space style={{ marginTop: 8 }} wrap>
          <Tag color="blue">{USER_TYPE_LABELS[user.type]}</Tag>
          {user.chain_name && <Typography.Text type="secondary">所属连锁：{user.chain_name}</Typography.Text>}
          {isBrandAdmin(user) && <Tag color="gold">品牌管理员</Tag>}
        </Space>
      </Card>
      <HomeDashboard user={user} home2={home2} />
      <StatCards
        cards={stats.data}
        loading={stats.isLoading}
        failed={stats.isError}
        onRetry={() => stats.refetch()}
      />
      <QuickLinks sections={routers} />
    </Space>
  );
}
