import { fenToYuan, type TipUnpaidRow } from '@netbar/contract';
import { Button, Card, Space, Table, type TableColumnsType, Tabs } from 'antd';
import { useState } from 'react';
import { useUnpaid } from '../api/tip-queries';
import { PayoutModal } from '../components/payout-modal';
import { useTipGrants } from '../components/tip-grants';
import { TipTable } from '../components/tip-table';

/**
 * 打赏记录 (/NetbarStaffManage/RewardRecord 274): per staff member what was tipped, paid out and is still
 * unpaid (发放 for whoever holds 2741), then the tips and the payouts with filters and export. A staff
 * member with 274 sees only their own (the server narrows it).
 */
export default function RewardRecordPage() {
  const can = useTipGrants();
  const unpaid = useUnpaid();
  const [paying, setPaying] = useState<number | null | undefined>(undefined);
  const columns: TableColumnsType<TipUnpaidRow> = [
    { title: '员工', dataIndex: 'staff_name' },
    { title: '岗位', dataIndex: 'position' },
    { title: '打赏笔数', dataIndex: 'tips', align: 'right' },
    { title: '累计打赏(元)', dataIndex: 'tipped_fen', align: 'right', render: fenToYuan },
    { title: '已发放(元)', dataIndex: 'paid_fen', align: 'right', render: fenToYuan },
    {
      title: '未发放(元)',
      dataIndex: 'unpaid_fen',
      align: 'right',
      render: (f: number) => <strong style={{ color: f > 0 ? '#d4380d' : undefined }}>{fenToYuan(f)}</strong>,
    },
    ...(can.payout
      ? ([
          {
            title: '操作',
            key: 'op',
            render: (_: unknown, r: TipUnpaidRow) => (
              <Button
                type="link"
                size="small"
                disabled={r.unpaid_fen <= 0}
                onClick={() => setPaying(r.staff_id)}
              >
                发放
              </Button>
            ),
          },
        ] as TableColumnsType<TipUnpaidRow>)
      : []),
  ];
  const showStaff = can.owner || can.payout;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title="员工打赏汇总"
        size="small"
        extra={
          can.payout && (
            <Button type="primary" onClick={() => setPaying(null)}>
              打赏发放
            </Button>
          )
        }
      >
        <Table<TipUnpaidRow>
          size="small"
          rowKey="staff_id"
          columns={columns}
          dataSource={unpaid.data ?? []}
          loading={unpaid.isLoading}
          pagination={false}
          locale={{ emptyText: '暂无打赏' }}
        />
      </Card>
      <Tabs
        items={[
          { key: 'tip', label: '打赏记录', children: <TipTable kind="tip" showStaff={showStaff} /> },
          { key: 'payout', label: '发放记录', children: <TipTable kind="payout" showStaff={showStaff} /> },
        ]}
      />
      <PayoutModal open={paying !== undefined} staffId={paying} onClose={() => setPaying(undefined)} />
    </Space>
  );
}
