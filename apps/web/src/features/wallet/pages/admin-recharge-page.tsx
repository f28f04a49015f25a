import { fenToYuan, RECHARGE_STATUS_LABELS, type RechargeRow } from '@netbar/contract';
import { Button, Form, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { exportRechargeReview, fetchRechargeReview } from '../api/wallet-admin-api';
import { walletKeys } from '../api/wallet-keys';
import { RechargeReviewModal, type ReviewAction } from '../components/recharge-review-modal';

const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'default' };

/** /admin/recharge: confirm a bank transfer (credits the agent's wallet once) or reject it with a reason. */
export default function AdminRechargePage() {
  const [action, setAction] = useState<ReviewAction>(null);
  const columns: TableColumnsType<RechargeRow> = [
    { title: '充值单号', dataIndex: 'order_no' },
    { title: '代理商', dataIndex: 'agent_name' },
    { title: '金额（元）', dataIndex: 'amount_fen', align: 'right', render: (v: number) => fenToYuan(v) },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: number) => <Tag color={STATUS_COLOR[s]}>{RECHARGE_STATUS_LABELS[s]}</Tag>,
    },
    { title: '备注', dataIndex: 'remark' },
    { title: '银行流水号/驳回原因', key: 'ref', render: (_, r) => r.transfer_ref || r.reason || '—' },
    { title: '申请时间', dataIndex: 'created_at' },
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      render: (_, r) =>
        r.status === 0 && (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setAction({ row: r, kind: 'confirm' })}>
              确认到账
            </Button>
            <Button type="link" size="small" danger onClick={() => setAction({ row: r, kind: 'reject' })}>
              驳回
            </Button>
          </Space>
        ),
    },
  ];
  return (
    <>
      <PageTable<RechargeRow>
        title="充值审核"
        queryKey={walletKeys.rechargeReview()}
        fetcher={fetchRechargeReview}
        onExport={exportRechargeReview}
        columns={columns}
        rowKey="id"
        initialFilters={{ status: 0 }}
        filterFields={
          <Form.Item name="status">
            <Select
              aria-label="状态"
              allowClear
              placeholder="状态"
              style={{ width: 110 }}
              options={Object.entries(RECHARGE_STATUS_LABELS).map(([v, l]) => ({
                value: Number(v),
                label: l,
              }))}
            />
          </Form.Item>
        }
      />
      <RechargeReviewModal action={action} onClose={() => setAction(null)} />
    </>
  );
}
