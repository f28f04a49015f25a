import { Card, Tabs } from 'antd';
import { HandoverSettingsTab } from '../../shift/components/handover-settings-tab';
import { OpenSessionsTab } from '../components/open-sessions-tab';
import { RatePlansTab } from '../components/rate-plans-tab';
import { SessionHistoryTab } from '../components/session-history-tab';

/** /application_manage/handover/cloud_billing (10508, decision 117): online members, history, rate plans,
 * and the handover settings (issue 13: automatic handover, cash count, over/short approval). */
export default function CloudBillingPage() {
  return (
    <Card title="云计费">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'open', label: '在线会员', children: <OpenSessionsTab /> },
          { key: 'history', label: '上机记录', children: <SessionHistoryTab /> },
          { key: 'plans', label: '计费方案', children: <RatePlansTab /> },
          { key: 'handover', label: '交班设置', children: <HandoverSettingsTab /> },
        ]}
      />
    </Card>
  );
}
