import { Card, Tabs } from 'antd';
import { LeaseItemTable } from '../components/lease-item-table';
import { LeaseOrderTable } from '../components/lease-order-table';

/**
 * /order/lease_counter 租赁柜台 (2644, opens with 购物订单 264): the cashier rents items out and takes them
 * back (归还, 丢失/损坏); adding, editing and stocking items stays in 设备租赁 (10519) and is hidden here
 * without that grant.
 */
export default function LeaseCounterPage() {
  return (
    <Card title="租赁柜台">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'items', label: '租出', children: <LeaseItemTable /> },
          { key: 'renting', label: '租用中', children: <LeaseOrderTable title="租用中" status="renting" /> },
        ]}
      />
    </Card>
  );
}
