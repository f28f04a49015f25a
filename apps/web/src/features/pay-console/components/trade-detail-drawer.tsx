import {
  PAYMENT_PURPOSE_LABELS,
  type RefundRequestRow,
  type TradeNotification,
  type TradeRefund,
} from '@netbar/contract';
import { Alert, Descriptions, Drawer, Spin, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useTradeDetail } from '../api/pay-console-queries';
import { RequestActions } from './request-actions';
import { methodLabel, PaymentStatusTag, RequestTag, yuan } from './trade-labels';

const OUTCOME: Record<TradeNotification['outcome'], [string, string]> = {
  settled: ['已入账', 'green'],
  repeated: ['重复通知', 'blue'],
  duplicate: ['重复支付', 'orange'],
  refused: ['已拒绝', 'red'],
};

const notifyColumns: TableColumnsType<TradeNotification> = [
  { title: '接收时间', dataIndex: 'received_at', width: 170 },
  {
    title: '结果',
    dataIndex: 'outcome',
    width: 100,
    render: (o: TradeNotification['outcome']) => <Tag color={OUTCOME[o][1]}>{OUTCOME[o][0]}</Tag>,
  },
  { title: '验签', dataIndex: 'verified', width: 70, render: (v: boolean) => (v ? '通过' : '失败') },
  { title: '金额', dataIndex: 'amount_fen', align: 'right', width: 100, render: yuan },
  { title: '说明', dataIndex: 'reason', render: (v: string) => v || '-' },
];

const refundColumns: TableColumnsType<TradeRefund> = [
  { title: '退款单号', dataIndex: 'refund_no' },
  { title: '金额', dataIndex: 'amount_fen', align: 'right', render: yuan },
  { title: '状态', dataIndex: 'status', width: 80 },
  {
    title: '原因',
    dataIndex: 'reason',
    render: (v: string, r) => (r.automatic ? '重复支付自动退款' : v || '-'),
  },
  { title: '完成时间', dataIndex: 'done_at', width: 170, render: (v: string | null) => v ?? '-' },
];

const requestColumns: TableColumnsType<RefundRequestRow> = [
  { title: '申请时间', dataIndex: 'created_at', width: 170 },
  { title: '申请人', dataIndex: 'requested_by_name', width: 90 },
  { title: '金额', dataIndex: 'amount_fen', align: 'right', width: 90, render: yuan },
  { title: '原因', dataIndex: 'reason' },
  {
    title: '状态',
    dataIndex: 'status',
    width: 110,
    render: (s: RefundRequestRow['status'], r) => (
      <>
        <RequestTag status={s} />
        {r.reject_reason ? <Typography.Text type="secondary">{r.reject_reason}</Typography.Text> : null}
      </>
    ),
  },
  { title: '操作', key: 'ops', width: 120, render: (_, r) => <RequestActions request={r} /> },
];

/** One payment: its fields, the notifications that settled (or were refused for) it, refunds and requests. */
export function TradeDetailDrawer({ no, onClose }: { no: string | null; onClose: () => void }) {
  const q = useTradeDetail(no);
  const d = q.data;
  const p = d?.payment;
  return (
    <Drawer open={!!no} onClose={onClose} size={980} title={no ? `交易详情 · ${no}` : ''} destroyOnHidden>
      {q.isError ? <Alert type="error" showIcon title="加载数据失败" /> : null}
      {!d || !p ? (
        q.isLoading ? (
          <Spin />
        ) : null
      ) : (
        <>
          <Descriptions bordered size="small" column={2}>
            <Descriptions.Item label="门店">{p.netbar_name}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <PaymentStatusTag status={p.status} />
              {p.duplicate ? <Tag color="orange">重复支付</Tag> : null}
            </Descriptions.Item>
            <Descriptions.Item label="金额">{yuan(p.amount_fen)}</Descriptions.Item>
            <Descriptions.Item label="已退款">{yuan(p.refunded_fen)}</Descriptions.Item>
            <Descriptions.Item label="用途">
              {PAYMENT_PURPOSE_LABELS[p.purpose]} {p.purpose_ref}
            </Descriptions.Item>
            <Descriptions.Item label="支付方式">
              {methodLabel(p.method)}（{p.provider}）
            </Descriptions.Item>
            <Descriptions.Item label="通道交易号">{p.provider_txn_id ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="商品说明">{p.subject || '-'}</Descriptions.Item>
            <Descriptions.Item label="创建时间">{p.created_at}</Descriptions.Item>
            <Descriptions.Item label="支付时间">{p.paid_at ?? '-'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            退款申请
          </Typography.Title>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            columns={requestColumns}
            dataSource={d.requests}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            退款记录
          </Typography.Title>
          <Table
            rowKey="refund_no"
            size="small"
            pagination={false}
            columns={refundColumns}
            dataSource={d.refunds}
          />
          <Typography.Title level={5} style={{ marginTop: 20 }}>
            通知记录
          </Typography.Title>
          <Table
            rowKey={(r) => `${r.received_at}-${r.outcome}-${r.reason}`}
            size="small"
            pagination={false}
            columns={notifyColumns}
            dataSource={d.notifications}
          />
        </>
      )}
    </Drawer>
  );
}
