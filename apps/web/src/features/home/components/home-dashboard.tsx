import { PERM, UserType } from '@netbar/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { SessionUser } from '../../../lib/user';
import { authPathIds } from '../../../lib/user';
import { useAgentDashboard, usePlatformDashboard, useStoreDashboard } from '../api/home-dashboard';
import { AgentDashboard } from './agent-dashboard';
import { PlatformDashboard } from './platform-dashboard';
import { StoreDashboard } from './store-dashboard';

/** Which dashboard a user sees: staff only with 经营统计 (241) or 上机统计 (240); none for 6. */
export function dashboardKind(user: SessionUser): 'store' | 'agent' | 'platform' | null {
  if (user.type === UserType.Netbar) return 'store';
  if (user.type === UserType.NetbarStaff) {
    const ids = authPathIds(user);
    return ids.includes(PERM.OPERATE_STATISTIC) || ids.includes(PERM.COMPUTER_STATISTICS) ? 'store' : null;
  }
  if (user.type === UserType.Agent || user.type === UserType.AgentStaff) return 'agent';
  if (user.type === UserType.Admin) return 'platform';
  return null;
}

function Loaded<T>({ q, children }: { q: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (q.isLoading) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 3 }} />
      </Card>
    );
  }
  if (q.isError || !q.data) {
    return (
      <Alert
        type="error"
        showIcon
        title="加载首页数据失败"
        action={
          <Button size="small" onClick={() => q.refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  return <>{children(q.data)}</>;
}

function Store({ userKey, storeId }: { userKey: string; storeId?: number }) {
  const q = useStoreDashboard(userKey, storeId);
  return <Loaded q={q}>{(d) => <StoreDashboard data={d} />}</Loaded>;
}
function Agent({ userKey }: { userKey: string }) {
  const q = useAgentDashboard(userKey);
  return <Loaded q={q}>{(d) => <AgentDashboard data={d} />}</Loaded>;
}
function Platform({ userKey }: { userKey: string }) {
  const q = usePlatformDashboard(userKey);
  return <Loaded q={q}>{(d) => <PlatformDashboard data={d} />}</Loaded>;
}

/**
 * The user type's dashboard (decision 158). On /home2 (after a store switch) the store dashboard asks
 * for the current store only; on /home a chain head sees its chain.
 */
export function HomeDashboard({ user, home2 }: { user: SessionUser; home2: boolean }) {
  const userKey = `${user.id}-${user.nid}`;
  switch (dashboardKind(user)) {
    case 'store':
      return <Store userKey={userKey} storeId={home2 && user.nid ? user.nid : undefined} />;
    case 'agent':
      return <Agent userKey={userKey} />;
    case 'platform':
      return <Platform userKey={userKey} />;
    default:
      return null;
  }
}
