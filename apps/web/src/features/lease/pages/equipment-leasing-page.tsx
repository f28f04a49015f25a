import { Card, Tabs } from 'antd';
import { LeaseItemTable } from '../components/lease-item-table';
import { LeaseOrderTable } from '../components/lease-order-table';

/** /application_manage/equipment_leasing (10519): lease items and the leases still out (return, lost). */
export default function EquipmentLeasingPage() {
  return (
    <Card title="设备租赁">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'items', label: '租赁物品', children: <LeaseItemTable /> },
          { key: 'renting', label: '租用中', children: <LeaseOrderTable title="租用中" status="renting" /> },
        ]}
      />
    </Card>
  );
}
