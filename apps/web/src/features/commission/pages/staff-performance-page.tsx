import { UserType } from '@netbar/contract';
import { Card, Tabs } from 'antd';
import { useAppState } from '../../../lib/app-state';
import { PerformancePanel } from '../components/performance-panel';
import { RuleTable } from '../components/rule-table';

/**
 * /NetbarStaffManage/staff_performance (246): 员工业绩 for a period and 提成规则. The owner sees every staff
 * member and writes the rules; a staff member holding 246 sees their own figures and the rules that pay them.
 */
export default function StaffPerformancePage() {
  const owner = useAppState((s) => s.user?.type === UserType.Netbar);
  return (
    <Card title={owner ? '员工提成' : '我的业绩与提成'}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'performance', label: '员工业绩', children: <PerformancePanel /> },
          { key: 'rules', label: '提成规则', children: <RuleTable owner={owner} /> },
        ]}
      />
    </Card>
  );
}
