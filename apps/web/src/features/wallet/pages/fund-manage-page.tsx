import {
  type ConsumptionRow,
  fenToYuan,
  LEDGER_KIND_LABELS,
  type LedgerRow,
  ORDER_STATUS_LABELS,
  RECHARGE_STATUS_LABELS,
  type RechargeRow,
} from '@netbar/contract';
import {
  Button,
  Card,
  Col,
  Form,
  Popconfirm,
  Row,
  Select,
  Space,
  Statistic,
  type TableColumnsType,
  Tabs,
  Tag,
} from 'antd';
import { useState } from 'react';
import { PageTable } from '../../../components/page-table';
import { OnlineRechargeButton } from '../../pay-link/components/online-recharge-button';
import {
  exportLedger,
  exportOrders,
  exportRecharges,
  fetchLedger,
  fetchOrders,
  fetchRecharges,
} from '../api/wallet-api';
import { walletKeys } from '../api/wallet-keys';
import { useCancelOrder, usePayOrder } from '../api/wallet-mutations';
import { useBalanceInfo } from '../api/wallet-queries';
import { RechargeModal } from '../components/recharge-modal';

const money = (fen: number) => (
  <span style={{ color: fen < 0 ? '#cf1322' : fen > 0 ? '#237804' : undefined }}>
    {fen > 0 ? '+' : ''}
    {fenToYuan(fen)}
  </span>
);
const STATUS_COLOR: Record<number, string> = { 0: 'orange', 1: 'green', 2: 'default' };

/** /myWallet/fundManage: balance, recharge, the ledger and the orders paid from it. */
export default function FundManagePage() {
  const [recharging, setRecharging] = useState(false);
  const info = useBalanceInfo();
  const pay = usePayOrder({ success: '支付成功' });
  const cancel = useCancelOrder({ success: '订单已取消' });

  const ledgerCols: TableColumnsType<LedgerRow> = [
    { title: '时间', dataIndex: 'created_at' },
    { title: '类型', dataIndex: 'kind', render: (k: string) => <Tag>{LEDGER_KIND_LABELS[k] ?? k}</Tag> },
    { title: '金额（元）', dataIndex: 'amount_fen', align: 'right', render: money },
    {
      title: '余额（元）',
      dataIndex: 'balance_after_fen',
      align: 'right',
      render: (v: number) => fenToYuan(v),
    },
    { title: '关联单号', dataIndex: 'ref' },
    { title: '说明', dataIndex: 'reason' },
  ];
  const orderCols: TableColumnsType<ConsumptionRow> = [
    { title: '订单号', dataIndex: 'order_no' },
    { title: '网吧', dataIndex: 'netbar_name' },
    { title: '产品', dataIndex: 'product_name' },
    { title: '续费', key: 'qty', render: (_, r) => `${r.machine_count}台 × ${r.months}个月` },
    { title: '金额（元）', dataIndex: 'amount_fen', align: 'right', render: (v: number) => fenToYuan(v) },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: number) => <Tag color={STATUS_COLOR[s]}>{ORDER_STATUS_LABELS[s]}</Tag>,
    },
    { title: '续费后到期', dataIndex: 'new_expire_at', render: (v: string | null) => v ?? '—' },
    { title: '下单时间', dataIndex: 'created_at' },
    {
      title: '操作',
      key: 'action',
      fixed: 'right',
      render: (_, r) =>
        r.status === 0 && (
          <Space size={0}>
            <Popconfirm
              title={`确定从钱包支付 ${fenToYuan(r.amount_fen)} 元？`}
              onConfirm={() => pay.mutate(r.id)}
            >
              <Button type="link" size="small">
                支付
              </Button>
            </Popconfirm>
            <Popconfirm title="确定取消该订单？" onConfirm={() => cancel.mutate(r.id)}>
              <Button type="link" size="small" danger>
                取消
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];
  const rechargeCols: TableColumnsType<RechargeRow> = [
    { title: '充值单号', dataIndex: 'order_no' },
    { title: '金额（元）', dataIndex: 'amount_fen', align: 'right', render: (v: number) => fenToYuan(v) },
    {
      title: '状态',
      dataIndex: 'status',
      render: (s: number, r) => (
        <Tag color={STATUS_COLOR[s]} title={r.reason}>
          {RECHARGE_STATUS_LABELS[s]}
        </Tag>
      ),
    },
    { title: '备注', dataIndex: 'remark' },
    { title: '银行流水号', dataIndex: 'transfer_ref' },
    { title: '申请时间', dataIndex: 'created_at' },
    {
      title: '到账时间',
      dataIndex: 'confirmed_at',
      render: (v: string | null, r) => (r.status === 1 ? v : '—'),
    },
  ];
  const statusFilter = (labels: Record<number, string>) => (
    <Form.Item name="status">
      <Select
        aria-label="状态"
        allowClear
        placeholder="状态"
        style={{ width: 110 }}
        options={Object.entries(labels).map(([v, l]) => ({ value: Number(v), label: l }))}
      />
    </Form.Item>
  );
  const d = info.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={16}>
        <Col span={8}>
          <Card size="small">
            <Statistic
              title="钱包余额（元）"
              value={d ? fenToYuan(d.balance_fen) : '—'}
              loading={info.isLoading}
            />
            <Button type="primary" style={{ marginTop: 8 }} onClick={() => setRecharging(true)}>
              充值
            </Button>
            <OnlineRechargeButton />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic
              title="待确认充值（元）"
              value={d ? fenToYuan(d.pending_recharge_fen) : '—'}
              loading={info.isLoading}
            />
          </Card>
        </Col>
        <Col span={8}>
          <Card size="small">
            <Statistic
              title="待支付订单（元）"
              value={d ? fenToYuan(d.unpaid_order_fen) : '—'}
              loading={info.isLoading}
            />
          </Card>
        </Col>
      </Row>
      <Tabs
        items={[
          {
            key: 'ledger',
            label: '资金流水',
            children: (
              <PageTable<LedgerRow>
                queryKey={walletKeys.ledger()}
                fetcher={fetchLedger}
                onExport={exportLedger}
                columns={ledgerCols}
                rowKey="id"
              />
            ),
          },
          {
            key: 'orders',
            label: '消费订单',
            children: (
              <PageTable<ConsumptionRow>
                queryKey={walletKeys.orders()}
                fetcher={fetchOrders}
                onExport={exportOrders}
                columns={orderCols}
                rowKey="id"
                filterFields={statusFilter(ORDER_STATUS_LABELS)}
              />
            ),
          },
          {
            key: 'recharge',
            label: '充值记录',
            children: (
              <PageTable<RechargeRow>
                queryKey={walletKeys.recharges()}
                fetcher={fetchRecharges}
                onExport={exportRecharges}
                columns={rechargeCols}
                rowKey="id"
                filterFields={statusFilter(RECHARGE_STATUS_LABELS)}
              />
            ),
          },
        ]}
      />
      <RechargeModal
        open={recharging}
        onClose={() => setRecharging(false)}
        onDone={() => setRecharging(false)}
      />
    </Space>
  );
}
