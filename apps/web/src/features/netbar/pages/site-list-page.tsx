import { Space } from 'antd';
import { useAppState } from '../../../lib/app-state';
import { AgentBindCard } from '../components/agent-bind-card';
import { DayStartCard } from '../components/day-start-card';

/** /basicsSettings/site_list: the netbar's site settings: its business-day start and its consent to an agent binding. */
export default function SiteListPage() {
  const isNetbar = useAppState((s) => s.user?.type === 3);
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {isNetbar ? (
        <>
          <DayStartCard />
          <AgentBindCard />
        </>
      ) : (
        <div style={{ color: '#666' }}>当前账号没有可设置的站点项目。</div>
      )}
    </Space>
  );
}
