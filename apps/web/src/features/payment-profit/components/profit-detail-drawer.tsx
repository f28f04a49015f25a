import {
  bpToPercent,
  fenToYuan,
  PAYMENT_METHOD_LABELS,
  type ProfitDetailRow,
  type ProfitRecord,
} from '@netbar/contract';
import { Descriptions, Drawer, type TableColumnsType, Tag } from 'antd';
import { PageTable } from '../../../components/page-table';
import { fetchProfitDetail, profitKeys } from '../api/payment-profit-api';

const yuan = (fen: number) => `¥${fenToYuan(fen)}`;

/** The payments and refunds behind one settlement record (a carried refund shows its payment's day). */
export function ProfitDetailDrawer({
  record,
  onClose,
}: {
  record: ProfitRecord | null;
  onClose: () => void;
}) {
  const columns: TableColumnsType<ProfitDetailRow> = [
    {
      title: '类型',
      dataIndex: 'kind',
      width: 70,
      render: (k: ProfitDetailRow['kind']) =>
        k === 'pay' ? <Tag color="green">支付</Tag> : <Tag color="orange">退款</Tag>,
    },
    { title: '支付单号', dataIndex: 'payment_no' },
    { title: '退款单号', dataIndex: 'refund_no', render: (v: string) => v || '-' },
    { title: '内容', dataIndex: 'subject', render: (v: string) => v || '-' },
    {
      title: '金额',
      dataIndex: 'amount_fen',
      align: 'right',
      render: (v: number, r) => (r.kind === 'refund' ? `-${yuan(v)}` : yuan(v)),
    },
    {
      title: '支付日',
      dataIndex: 'paid_day',
      width: 110,
      render: (d: string, r) =>
        r.kind === 'refund' && record && d < record.day ? <Tag color="purple">{d} 结转</Tag> : d,
    },
    { title: '时间', dataIndex: 'at', width: 170 },
  ];
  return (
    <Drawer
      open={!!record}
      onClose={onClose}
      size={1000}
      title={record ? `分润明细 · ${record.day} · ${record.netbar_name}` : ''}
      destroyOnHidden
    >
      {record ? (
        <>
          <Descriptions size="small" column={4} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="支付方式">{PAYMENT_METHOD_LABELS[record.method]}</Descriptions.Item>
            <Descriptions.Item label="支付">
              {record.pay_count}笔 {yuan(record.pay_fen)}
            </Descriptions.Item>
            <Descriptions.Item label="退款">
              {record.refund_count}笔 {yuan(record.refund_fen)}
            </Descriptions.Item>
            <Descriptions.Item label="结算金额">{yuan(record.net_fen)}</Descriptions.Item>
            <Descriptions.Item label="手续费">
              {yuan(record.fee_fen)}（{bpToPercent(record.fee_rate_bp)}）
            </Descriptions.Item>
            <Descriptions.Item label="分润">
              {yuan(record.profit_fen)}（手续费的{bpToPercent(record.share_bp)}）
            </Descriptions.Item>
            <Descriptions.Item label="说明" span={2}>
              {record.note || '-'}
            </Descriptions.Item>
          </Descriptions>
          <PageTable<ProfitDetailRow>
            queryKey={profitKeys.detail(record.id)}
            fetcher={(p) => fetchProfitDetail({ ...p, record_id: record.id })}
            columns={columns}
            rowKey={(r) => `${r.kind}-${r.payment_no}-${r.refund_no}`}
            size="small"
          />
        </>
      ) : null}
    </Drawer>
  );
}
